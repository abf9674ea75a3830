/**
 * The `account` region of `ordering`: Account setup, shown once every service is valid; its
 * account holder follows later edits of the customer details.
 */
import { signupSetup } from '../actions.ts';

export const account = signupSetup.createStateConfig({
  description: 'Account setup: the account holder, then the username and password.',
  initial: 'waiting for the services',
  states: {
    'waiting for the services': {
      description: 'Hidden until every service is valid.',
      always: { guard: 'the services are complete', target: 'shown' },
    },
    shown: {
      description:
        'Account setup shows (and stays shown). Its holder follows later edits of the customer details.',
      invoke: {
        id: 'account',
        src: 'account',
        input: ({ context }) => ({ customer: context.customer.values }),
        onSnapshot: { actions: 'remember the account' },
      },
      on: {
        // This handler hides the one on `ordering` while the account shows (the inner
        // state's transition wins), so it remembers the customer details too.
        'xstate.snapshot.customer': {
          actions: ['remember customer details', 'tell the account about the customer details'],
        },
      },
    },
  },
});
