import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TotpSetup } from '#shared/second-factor';
import type { secondFactorMachine } from './second-factor.machine.ts';

export type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;
export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;

/** What the code step shows. */
export interface CodeStep {
  /** `app`: the authenticator's code; `recovery`: a recovery code; `setup`: a new app's first code. */
  asks: 'app' | 'recovery' | 'setup' | 'recovery codes' | 'locked out' | 'done';
  /** The account to add while setting up. */
  setup: TotpSetup | null;
  /** The new recovery codes, shown once after setting up. */
  recoveryCodes: string[] | null;
  /** Why the last code was refused. */
  error: string | null;
  checking: boolean;
}

export function selectCodeStep(snapshot: SecondFactorSnapshot): CodeStep {
  const asks: CodeStep['asks'] = snapshot.matches('appCode')
    ? 'app'
    : snapshot.matches('recoveryCode')
      ? 'recovery'
      : snapshot.matches('settingUp')
        ? 'setup'
        : snapshot.matches('showingRecoveryCodes')
          ? 'recovery codes'
          : snapshot.matches('lockedOut')
            ? 'locked out'
            : 'done';
  return {
    asks,
    setup: snapshot.matches('settingUp') ? snapshot.context.setup : null,
    recoveryCodes: snapshot.matches('showingRecoveryCodes') ? snapshot.context.recoveryCodes : null,
    error: snapshot.context.error,
    checking:
      snapshot.matches({ appCode: 'checking' }) ||
      snapshot.matches({ recoveryCode: 'checking' }) ||
      snapshot.matches({ settingUp: 'checking' }),
  };
}
