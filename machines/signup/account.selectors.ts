/** What the account section shows, from the account machine's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { formMachine } from '../forms/form.machine.ts';
import type { passwordMachine } from '../forms/password.machine.ts';
import type { accountMachine } from './account.machine.ts';
import { accountSummary, type AccountSummary } from './account.summary.ts';
import type { UsernameActor } from './username.machine.ts';

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

export interface AccountActors {
  holder: ActorRefFrom<typeof formMachine> | undefined;
  username: UsernameActor | undefined;
  password: ActorRefFrom<typeof passwordMachine> | undefined;
}

export function selectAccountActors(snapshot: AccountSnapshot): AccountActors {
  const children = snapshot.children as Record<string, unknown>;
  return {
    holder: children.holder as AccountActors['holder'],
    username: children.username as AccountActors['username'],
    password: children.password as AccountActors['password'],
  };
}

/** The username and password show once the account holder was valid. */
export function selectCredentialsShown(snapshot: AccountSnapshot): boolean {
  return snapshot.matches('credentials');
}

export function selectAccountSummary(snapshot: AccountSnapshot): AccountSummary {
  return accountSummary(snapshot.context);
}

export function selectAccountValid(snapshot: AccountSnapshot): boolean {
  return accountSummary(snapshot.context).valid;
}
