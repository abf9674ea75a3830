import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passwordPromptMachine } from './password-prompt.machine.ts';
import type { SecondFactorActor } from './second-factor.selectors.ts';

export type PasswordPromptSnapshot = SnapshotFrom<typeof passwordPromptMachine>;
export type PasswordPromptActor = ActorRefFrom<typeof passwordPromptMachine>;

export interface PasswordWindow {
  username: string | null;
  /** Why the last password was refused. */
  error: string | null;
  /** The password is being checked (or the session renewed first): Continue shows it is busy. */
  checking: boolean;
  /** The second factor's code step, once the password was right (null while asking for it). */
  secondFactor: SecondFactorActor | null;
  /** The window closed (the coordinator closes it next). */
  closed: boolean;
}

/** What the password window shows. */
export function selectPasswordWindow(snapshot: PasswordPromptSnapshot): PasswordWindow {
  return {
    username: snapshot.context.username,
    error: snapshot.context.passwordError,
    checking: snapshot.matches('verifying') || snapshot.matches('renewing'),
    secondFactor: snapshot.matches('secondFactor')
      ? ((snapshot.children.secondFactor as SecondFactorActor | undefined) ?? null)
      : null,
    closed: snapshot.status === 'done',
  };
}
