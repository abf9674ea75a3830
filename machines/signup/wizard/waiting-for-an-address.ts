/**
 * `waiting for an address`: only the address box shows until an address that can be ordered is
 * found. A pre-signup link (signupHash) is opened first; its address is then checked as if the
 * visitor had chosen it.
 */
import { signupSetup } from './actions.ts';

export const waitingForAnAddress = signupSetup.createStateConfig({
  description: 'Only the address box shows until an address that can be ordered is found.',
  initial: 'looking for a signup link',
  states: {
    'looking for a signup link': {
      description: 'Did the visitor come with a pre-signup link (signupHash) not yet opened?',
      always: [
        { guard: 'a signup link is to be opened', target: 'opening the signup link' },
        { target: 'address box' },
      ],
    },
    'opening the signup link': {
      description:
        'Getting what the link prefills; then its address is checked as if the visitor had chosen it.',
      invoke: {
        id: 'preSignup',
        src: 'getPreSignup',
        input: ({ context }) => ({ signupHash: context.params.signupHash ?? '' }),
        onDone: {
          target: 'address box',
          actions: ['remember the signup link', 'check the address of the signup link'],
        },
        onError: { target: 'address box', actions: 'remember the signup link failed' },
      },
    },
    'address box': {
      description:
        'The address box waits for an address (an unknown or used link says so above it).',
    },
  },
});
