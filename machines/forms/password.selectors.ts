import type { SnapshotFrom } from 'xstate';
import {
  allProblems,
  strengthIsCurrent,
  type PasswordField,
  type passwordMachine,
} from './password.machine.ts';

export type PasswordSnapshot = SnapshotFrom<typeof passwordMachine>;

export interface StrengthAdvice {
  /** danger: zxcvbn's warning; warning: its suggestions. */
  kind: 'danger' | 'warning';
  text: string;
}

export function selectPasswordValue(snapshot: PasswordSnapshot, field: PasswordField): string {
  return snapshot.context.values[field];
}

/** The message under a field, once the field was touched. */
export function selectPasswordError(
  snapshot: PasswordSnapshot,
  field: PasswordField,
): string | undefined {
  const { context } = snapshot;
  if (!context.touched[field]) return undefined;
  return allProblems(context, context.problems)[field];
}

/** 0 to 100 (zxcvbn's score times 25) once measured for the password as typed, else null. */
export function selectStrength(snapshot: PasswordSnapshot): number | null {
  const { context } = snapshot;
  return strengthIsCurrent(context) ? (context.strength?.strength ?? null) : null;
}

export function selectStrengthPending(snapshot: PasswordSnapshot): boolean {
  return (
    snapshot.matches({ editing: { strength: 'debouncing' } }) ||
    snapshot.matches({ editing: { strength: 'measuring' } })
  );
}

export function selectStrengthUnavailable(snapshot: PasswordSnapshot): boolean {
  return snapshot.matches({ editing: { strength: 'unavailable' } });
}

export function selectStrengthAdvice(snapshot: PasswordSnapshot): StrengthAdvice[] {
  const { context } = snapshot;
  if (!strengthIsCurrent(context) || !context.strength) return [];
  const advice: StrengthAdvice[] = [];
  if (context.strength.warning) advice.push({ kind: 'danger', text: context.strength.warning });
  for (const text of context.strength.suggestions) advice.push({ kind: 'warning', text });
  return advice;
}

/** Every rule passes, strength included. */
export function selectPasswordValid(snapshot: PasswordSnapshot): boolean {
  const { context } = snapshot;
  if (!strengthIsCurrent(context)) return false;
  const problems = allProblems(context);
  return !problems.current && !problems.password && !problems.confirmation;
}

export function selectPasswordSubmitting(snapshot: PasswordSnapshot): boolean {
  return snapshot.matches('submitting') || snapshot.context.submitWhenMeasured;
}

export function selectPasswordSubmitted(snapshot: PasswordSnapshot): boolean {
  return snapshot.matches('submitted');
}

export function selectPasswordSubmitError(snapshot: PasswordSnapshot): string | null {
  return snapshot.context.submitError;
}

/** The server refused the username the password was set for (the recovery link's page). */
export function selectPasswordUsernameError(snapshot: PasswordSnapshot): string | null {
  return snapshot.context.usernameError;
}
