/** What the server editor shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import { formatDollars } from '#shared/cart/money';
import { confirmResize } from '#shared/servers/messages';
import { serverMonthlyCost } from '#shared/servers/rules';
import type { EditorField, editorMachine } from './editor.machine.ts';
import { sizeCost, sizeCostText } from './sizes.ts';

export type EditorSnapshot = SnapshotFrom<typeof editorMachine>;

export function selectEditorValues(snapshot: EditorSnapshot) {
  const { cpus, memGb, disk } = snapshot.context;
  return { cpus, memGb, disk };
}

/** The monthly cost of the values as they stand (US dollars), or null while one is out of bounds. */
export function selectEditorCost(snapshot: EditorSnapshot): number | null {
  return sizeCost(snapshot.context, snapshot.context.minDisk);
}

/** The cost line: "$96.00 per month", or the bounds while a value is out of them. */
export function selectEditorCostText(snapshot: EditorSnapshot): string {
  return sizeCostText(snapshot.context, snapshot.context.minDisk);
}

export function selectEditorError(snapshot: EditorSnapshot, field: EditorField): string | null {
  return snapshot.context.errors[field] ?? null;
}

export function selectEditorSaving(snapshot: EditorSnapshot): boolean {
  return snapshot.matches('saving');
}

export function selectEditorMinDisk(snapshot: EditorSnapshot): number {
  return snapshot.context.minDisk;
}

/** The save went through: "Server saved" shows until the next change. */
export function selectEditorSaved(snapshot: EditorSnapshot): boolean {
  return snapshot.matches({ ready: 'saved' });
}

/** While a costlier size waits for the customer: the question naming the new monthly cost. */
export function selectResizeConfirmation(snapshot: EditorSnapshot): string | null {
  if (!snapshot.matches('confirming')) return null;
  const { context } = snapshot;
  const cost = selectEditorCost(snapshot) ?? 0;
  return confirmResize(
    context.name,
    formatDollars(cost),
    formatDollars(serverMonthlyCost(context.current)),
  );
}
