import type { SnapshotFrom } from 'xstate';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import { USERNAME_MESSAGES } from '#shared/messages/account';
import type { usernameMachine } from './username.machine.ts';

export type UsernameSnapshot = SnapshotFrom<typeof usernameMachine>;

export type UsernameStatus =
  'empty' | 'typing' | 'invalid' | 'checking' | 'available' | 'taken' | 'failed';

export interface UsernameView {
  value: string;
  status: UsernameStatus;
  /** The message under the box: a broken rule, "taken", or a failed check. */
  message: string | null;
  suggestions: string[];
}

export function selectUsernameStatus(snapshot: UsernameSnapshot): UsernameStatus {
  if (snapshot.matches('typing')) return 'typing';
  if (snapshot.matches('breaks a rule')) return 'invalid';
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('available')) return 'available';
  if (snapshot.matches('taken')) return 'taken';
  if (snapshot.matches('check failed')) return 'failed';
  return 'empty';
}

const MESSAGES: Partial<Record<UsernameStatus, string>> = {
  taken: USERNAME_MESSAGES.taken,
  failed: SIGNUP_ORDER_MESSAGES.usernameCheckFailed,
  available: SIGNUP_ORDER_MESSAGES.usernameAvailable,
};

export function selectUsernameView(snapshot: UsernameSnapshot): UsernameView {
  const status = selectUsernameStatus(snapshot);
  return {
    value: snapshot.context.uid,
    status,
    message: status === 'invalid' ? snapshot.context.problem : (MESSAGES[status] ?? null),
    suggestions: status === 'taken' ? snapshot.context.suggestions : [],
  };
}

/** The username passes its rules and the server said it is free. */
export function selectUsernameAvailable(snapshot: UsernameSnapshot): boolean {
  return snapshot.matches('available');
}
