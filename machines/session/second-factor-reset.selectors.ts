import type { SnapshotFrom } from 'xstate';
import type { UserSecondFactors } from '#shared/session/passkeys';
import type { secondFactorResetMachine } from './second-factor-reset.machine.ts';

export type SecondFactorResetSnapshot = SnapshotFrom<typeof secondFactorResetMachine>;

/** What the reset screen shows. */
export interface ResetScreen {
  shows: 'search' | 'factors' | 'confirm';
  found: UserSecondFactors | null;
  /** The login has a factor to reset. */
  resettable: boolean;
  error: string | null;
  /** A call is under way. */
  busy: boolean;
}

export function selectResetScreen(snapshot: SecondFactorResetSnapshot): ResetScreen {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const { found } = snapshot.context;
  return {
    shows: m('confirming') || m('resetting') ? 'confirm' : found ? 'factors' : 'search',
    found,
    resettable: found !== null && (found.totp !== 'off' || found.passkeys.length > 0),
    error: snapshot.context.error,
    busy: m('finding') || m('resetting'),
  };
}
