/**
 * The `order sections` region of `ordering`: the code of the account, payment and agreement
 * sections loads in the background (lazy.ts), with Try again when it fails.
 */
import { signupSetup } from '../actions.ts';

export const orderSections = signupSetup.createStateConfig({
  description: 'The code of the account, payment and agreement sections loads in the background.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading (the page shows nothing of it unless it fails).',
      invoke: {
        id: 'loadOrderSections',
        src: 'loadOrderSections',
        onDone: { target: 'ready', actions: 'remember the sections are ready' },
        onError: 'failed',
      },
    },
    ready: {
      description: 'Loaded: the sections can appear.',
    },
    failed: {
      description: 'Could not be loaded (network): a message with Try again shows.',
      on: { 'sections.retry.pressed': 'loading' },
    },
  },
});
