import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TotpSetup } from '#shared/second-factor';
import type { secondFactorMachine } from './second-factor.machine.ts';

export type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;
export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;

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

export function selectCodeStep(snapshot: SecondFactorSnapshot): CodeStep {
  const asks: CodeStep['asks'] = snapshot.matches('passkey')
    ? 'passkey'
    : snapshot.matches('appCode')
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
    passkeyOffered: snapshot.context.passkey !== null,
    codesOffered: snapshot.context.codes,
    setup: snapshot.matches('settingUp') ? snapshot.context.setup : null,
    recoveryCodes: snapshot.matches('showingRecoveryCodes') ? snapshot.context.recoveryCodes : null,
    error: snapshot.context.error,
    checking:
      snapshot.matches({ appCode: 'checking' }) ||
      snapshot.matches({ recoveryCode: 'checking' }) ||
      snapshot.matches({ settingUp: 'checking' }) ||
      snapshot.matches({ passkey: 'asking' }) ||
      snapshot.matches({ passkey: 'checking' }) ||
      snapshot.matches({ passkey: 'renewing' }),
  };
}
