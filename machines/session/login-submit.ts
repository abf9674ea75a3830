/**
 * The login form's submission (portal.md §2). The form machine (machines/forms) checks the fields;
 * its `submit` then sends the credentials to the session, which passes them on to its login (the
 * child `login`, login.machine.ts), and lasts until the login has its answer (logged in, a second factor asked for, or refused): the
 * form stays locked meanwhile, and the page does not show "You are logged in" between the answer
 * and the page it goes to.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import { selectLoggingIn } from './login.selectors.ts';
import type { sessionMachine } from './session.machine.ts';
import { selectLoginActor } from './session.selectors.ts';

export interface LoginCredentials {
  username: string;
  password: string;
  /** Where to go once logged in (the login page's `redirect`). */
  redirect: string | null;
}

export async function submitLogin(
  session: ActorRefFrom<typeof sessionMachine>,
  credentials: LoginCredentials,
): Promise<void> {
  session.send({ type: 'login.submitted', ...credentials });
  const login = selectLoginActor(session.getSnapshot());
  if (login) await waitFor(login, (s) => !selectLoggingIn(s), { timeout: Infinity });
}
