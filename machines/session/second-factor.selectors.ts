import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TotpSetup } from '#shared/session/second-factor';
import type { codeStepMachine } from './second-factor-code.machine.ts';
import type { secondFactorMachine } from './second-factor.machine.ts';
import type { passkeyStepMachine } from './second-factor-passkey.machine.ts';
import type { setupStepMachine } from './second-factor-setup.machine.ts';

export type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;
export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;
export type CodeStepSnapshot = SnapshotFrom<typeof codeStepMachine>;
export type PasskeyStepSnapshot = SnapshotFrom<typeof passkeyStepMachine>;
export type SetupStepSnapshot = SnapshotFrom<typeof setupStepMachine>;
/** The step that asks now (the child `step`), whichever it is. */
export type StepActor =
  | ActorRefFrom<typeof codeStepMachine>
  | ActorRefFrom<typeof passkeyStepMachine>
  | ActorRefFrom<typeof setupStepMachine>;

/** What the code step shows. */
export interface CodeStep {
  /**
   * `app`: the authenticator's code; `recovery`: a recovery code; `setup`: a new app's first code;
   * `passkey`: one of the login's passkeys.
   */
  asks: 'app' | 'recovery' | 'setup' | 'passkey' | 'recovery codes' | 'locked out' | 'done';
  /** A passkey can be used instead of the code asked for (the login has one). */
  passkeyOffered: boolean;
  /** A code can be used instead of the passkey asked for (the login has the app). */
  codesOffered: boolean;
  /** The account to add while setting up. */
  setup: TotpSetup | null;
  /** The new recovery codes, shown once after setting up. */
  recoveryCodes: string[] | null;
  /** Why the last code was refused. */
  error: string | null;
  checking: boolean;
}

/** The step that asks now, or null (locked out, done). */
export function selectStepActor(snapshot: SecondFactorSnapshot): StepActor | null {
  return (snapshot.children as { step?: StepActor }).step ?? null;
}

/**
 * What the code step shows: the step machine's state and, while a step asks, that step's (pass
 * the step's snapshot when the view follows it; else it is read from the child).
 */
export function selectCodeStep(
  snapshot: SecondFactorSnapshot,
  stepSnapshot?: SnapshotFrom<StepActor> | null,
): CodeStep {
  const base = {
    passkeyOffered: snapshot.context.passkey !== null,
    codesOffered: snapshot.context.codes,
    setup: null,
    recoveryCodes: null,
    error: null,
    checking: false,
  };
  const step = stepSnapshot ?? selectStepActor(snapshot)?.getSnapshot() ?? null;
  if (snapshot.matches('passkey') && step) {
    const s = step as PasskeyStepSnapshot;
    return {
      ...base,
      asks: 'passkey',
      error: s.context.error,
      checking: s.matches('asking') || s.matches('checking') || s.matches('renewing'),
    };
  }
  if (snapshot.matches('code') && step) {
    const s = step as CodeStepSnapshot;
    return {
      ...base,
      asks: s.matches('recoveryCode') ? 'recovery' : 'app',
      error: s.context.error,
      checking: s.matches({ appCode: 'checking' }) || s.matches({ recoveryCode: 'checking' }),
    };
  }
  if (snapshot.matches('settingUp') && step) {
    const s = step as SetupStepSnapshot;
    const showing = s.matches('showingRecoveryCodes');
    return {
      ...base,
      asks: showing ? 'recovery codes' : 'setup',
      setup: showing ? null : s.context.setup,
      recoveryCodes: showing ? s.context.recoveryCodes : null,
      error: s.context.error,
      checking: s.matches('checking'),
    };
  }
  if (snapshot.matches('lockedOut'))
    return { ...base, asks: 'locked out', error: snapshot.context.error };
  return { ...base, asks: 'done' };
}

/** The step's own snapshot, as a view follows it. */
export function selectStepSnapshot(snapshot: unknown): SnapshotFrom<StepActor> {
  return snapshot as SnapshotFrom<StepActor>;
}

/** Why the step's last code (or passkey) was refused, if it was. */
export function selectStepError(snapshot: unknown): string | null {
  return (snapshot as SnapshotFrom<StepActor>).context.error;
}

/** The step machine's snapshot itself (the view reads it with the step's). */
export function selectStepMachine(snapshot: SecondFactorSnapshot): SecondFactorSnapshot {
  return snapshot;
}
