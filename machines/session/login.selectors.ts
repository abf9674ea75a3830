import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';
import type { SecondFactorActor } from './second-factor.selectors.ts';

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** The login form is busy: the credentials or the profile are on their way. */
export function selectLoggingIn(snapshot: LoginSnapshot | undefined): boolean {
  if (!snapshot) return false;
  return snapshot.matches('loggingIn') || snapshot.matches('loadingProfile');
}

/** The username of the login whose code is asked for (for the code step's texts). */
export function selectSecondFactorUsername(snapshot: LoginSnapshot | undefined): string | null {
  return snapshot?.matches('secondFactor') ? (snapshot.context.pending?.username ?? null) : null;
}

/** The login's second-factor step (its code, a recovery code, or setting the app up), if asked. */
export function selectSecondFactorStep(
  snapshot: LoginSnapshot | undefined,
): SecondFactorActor | null {
  if (!snapshot?.matches('secondFactor')) return null;
  return (snapshot.children.secondFactor as SecondFactorActor | undefined) ?? null;
}

/** Why the last login failed, while the form waits again. */
export function selectLoginError(snapshot: LoginSnapshot | undefined) {
  return snapshot?.matches('idle') ? snapshot.context.loginError : null;
}
