import type { SnapshotFrom } from 'xstate';
import type { activationMachine } from './activation.machine.ts';

export type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;

export interface ActivationView {
  date: string | null;
  earliest: string;
  required: boolean;
}

export function selectActivationView(snapshot: ActivationSnapshot): ActivationView {
  const { date, earliest, required } = snapshot.context;
  return { date, earliest, required };
}

/** The section is complete: a date is chosen, or none is needed (early signup). */
export function selectActivationValid(snapshot: ActivationSnapshot): boolean {
  return snapshot.matches('date chosen') || !snapshot.context.required;
}
