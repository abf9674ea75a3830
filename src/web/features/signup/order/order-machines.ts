/**
 * The second half's machines with their side effects provided by the web app: the username
 * check, the card form's address, placing the order and the automatic login (which tells the
 * session, shows the success message and goes to the account; or says it failed and goes to
 * login). Loaded with the second half (signup-machine.ts), never in the page's first load.
 */
import { fromPromise } from 'xstate';
import { SIGNUP_MESSAGES } from '#shared/messages/account';
import { accountMachine } from '#machines/signup/account.machine';
import { checkoutMachine } from '#machines/signup/checkout.machine';
import { paymentMachine } from '#machines/signup/payment.machine';
import { usernameMachine } from '#machines/signup/username.machine';
import type { ApiClient } from '../../../api/client.ts';
import { provideCardForm } from '../../../api/card-form.ts';
import type { AppActors } from '../../../app/actors.ts';
import { orderApi } from './api.ts';

/** Where the new customer lands once logged in. */
export const ACCOUNT_PATH = '/account/';

export function provideOrderMachines(api: ApiClient, actors: AppActors) {
  const calls = orderApi(api);
  return {
    account: accountMachine.provide({
      actors: {
        username: usernameMachine.provide({
          actors: {
            checkUsername: fromPromise(({ input, signal }) =>
              calls.checkUsername(input.uid, input.name, signal),
            ),
          },
        }),
      },
    }),
    payment: paymentMachine.provide({ actors: { cardForm: provideCardForm(api) } }),
    checkout: checkoutMachine.provide({
      actors: {
        placeOrder: fromPromise(({ input }) => calls.placeOrder(input.key, input.body)),
        logIn: fromPromise(({ input }) => calls.logIn(input.username, input.password)),
      },
      actions: {
        'tell the session': (_, { user }) =>
          actors.session.send({ type: 'session.started', user, redirect: ACCOUNT_PATH }),
        'show the success message': () =>
          actors.notifications.send({
            type: 'notification.raised',
            message: SIGNUP_MESSAGES.success,
            notificationType: 'success',
          }),
        'show that the automatic login failed': () =>
          actors.notifications.send({
            type: 'notification.raised',
            message: SIGNUP_MESSAGES.autoLoginFailed,
            notificationType: 'danger',
          }),
        'go to the login page': () =>
          actors.navigation.goToLogin({ timeout: false, redirect: null }),
      },
    }),
  };
}

export type OrderMachines = ReturnType<typeof provideOrderMachines>;
