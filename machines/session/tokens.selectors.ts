import type { SnapshotFrom } from 'xstate';
import type { SecondFactorActor } from './second-factor.selectors.ts';
import type { ReauthReason, tokensMachine } from './tokens.machine.ts';

export type TokensSnapshot = SnapshotFrom<typeof tokensMachine>;

export interface PasswordPrompt {
  /** 'fresh token': the refresh-password modal; 'verify identity': the Verify Identity modal. */
  reason: ReauthReason;
  username: string | null;
  /** Why the last password was refused. */
  error: string | null;
  checking: boolean;
  /** The second factor's code step, once the password was right (null while asking for it). */
  secondFactor: SecondFactorActor | null;
}

/** The password modal to show, or null when none is open. */
export function selectPasswordPrompt(snapshot: TokensSnapshot): PasswordPrompt | null {
  if (!snapshot.matches('askingForPassword')) return null;
  return {
    reason: snapshot.context.reason,
    username: snapshot.context.username,
    error: snapshot.context.passwordError,
    checking:
      snapshot.matches({ askingForPassword: 'verifying' }) ||
      snapshot.matches({ askingForPassword: 'renewing' }),
    secondFactor: snapshot.matches({ askingForPassword: 'secondFactor' })
      ? ((snapshot.children.secondFactor as SecondFactorActor | undefined) ?? null)
      : null,
  };
}

export function selectRefreshing(snapshot: TokensSnapshot): boolean {
  return snapshot.matches('refreshing');
}
