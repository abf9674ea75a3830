/** What the new server form shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import { formatDollars } from '#shared/cart/money';
import { confirmCreate, serverSizeLabel } from '#shared/servers/messages';
import { normaliseHostName } from '#shared/host-names';
import type { CreateField, createServerMachine } from './create.machine.ts';
import { sizeCost, sizeCostText } from './sizes.ts';

export type CreateSnapshot = SnapshotFrom<typeof createServerMachine>;

export function selectCreateValues(snapshot: CreateSnapshot) {
  const { name, cpus, memGb, disk } = snapshot.context;
  return { name, cpus, memGb, disk };
}

export function selectCreateError(snapshot: CreateSnapshot, field: CreateField): string | null {
  return snapshot.context.errors[field] ?? null;
}

/** The monthly cost of the size as it stands (US dollars), or null while one is out of bounds. */
export function selectCreateCost(snapshot: CreateSnapshot): number | null {
  return sizeCost(snapshot.context);
}

/** The cost line: "$27.00 per month", or the bounds while a value is out of them. */
export function selectCreateCostText(snapshot: CreateSnapshot): string {
  return sizeCostText(snapshot.context);
}

/** Which of the form's two faces shows: the fields, or the confirmation (also while sending). */
export function selectCreateStep(snapshot: CreateSnapshot): 'form' | 'confirm' | 'done' {
  if (snapshot.matches('editing')) return 'form';
  if (snapshot.matches('confirming') || snapshot.matches('creating')) return 'confirm';
  return 'done';
}

export function selectCreateSending(snapshot: CreateSnapshot): boolean {
  return snapshot.matches('creating');
}

/** The question before anything is sent: the name, the size and "$X.XX per month". */
export function selectCreateConfirmation(snapshot: CreateSnapshot): string | null {
  if (selectCreateStep(snapshot) !== 'confirm') return null;
  const { context } = snapshot;
  return confirmCreate(
    normaliseHostName(context.name),
    serverSizeLabel(context),
    formatDollars(selectCreateCost(snapshot) ?? 0),
  );
}
