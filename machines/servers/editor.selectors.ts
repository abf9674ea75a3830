/** What the server editor shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import { memMb, serverMonthlyCost } from '#shared/servers';
import type { EditorField, editorMachine } from './editor.machine.ts';

export type EditorSnapshot = SnapshotFrom<typeof editorMachine>;

export function selectEditorValues(snapshot: EditorSnapshot) {
  const { cpus, memGb, disk } = snapshot.context;
  return { cpus, memGb, disk };
}

/** The monthly cost of the values as they stand (US dollars), or null while one is invalid. */
export function selectEditorCost(snapshot: EditorSnapshot): number | null {
  const { cpus, memGb, disk } = snapshot.context;
  if ([cpus, memGb, disk].some((n) => !Number.isFinite(n))) return null;
  return serverMonthlyCost({ cpus, mem: memMb(memGb), disk });
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
