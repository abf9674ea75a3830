/**
 * `waiting for an address`: only the address box shows until an address that can be ordered is
 * found. A pre-signup link (signupHash) not yet opened is opened meanwhile by its own machine
 * (signup-link.machine.ts), stopped if an address is found first; a link that opened has its
 * address checked as if the visitor had chosen it, one that could not be opened says why above
 * the address box.
 */
import { signupSetup } from './actions.ts';

export const waitingForAnAddress = signupSetup.createStateConfig({
  description:
    'Only the address box shows until an address that can be ordered is found; a pre-signup link not yet opened is opened meanwhile.',
  entry: 'open the signup link',
  exit: 'stop opening the signup link',
  on: {
    'xstate.done.actor.signupLink': {
      actions: ['remember the signup link', 'check the address of the signup link'],
    },
  },
});
