/**
 * The "bonfire residential" section (southern_ute, signup.md §2 item 5): the desired activation
 * date, earliest tomorrow, required unless the address is an early-signup prospect.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { activationDateError } from '#shared/signup/connectivity-details';

export interface ActivationInput {
  /** The earliest day the picker offers, `YYYY-MM-DD`: tomorrow in the service area. */
  earliest: string;
  /** An early-signup prospect may leave the date empty. */
  earlySignup: boolean;
}

export interface ActivationContext {
  earliest: string;
  required: boolean;
  date: string | null;
}

export type ActivationEvent =
  { type: 'activation.date.chosen'; date: string } | { type: 'activation.date.cleared' };

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actions: {
    'remember date': assign({
      date: ({ event }) => (event.type === 'activation.date.chosen' ? event.date : null),
    }),
    'forget date': assign({ date: null }),
  },
  guards: {
    'the date is tomorrow or later': ({ event }) =>
      event.type === 'activation.date.chosen' &&
      event.date !== '' &&
      activationDateError(event.date, false) === undefined,
  },
}).createMachine({
  id: 'signupActivation',
  description:
    'When the visitor wants the service switched on. Tomorrow at the earliest; an early-signup prospect may leave it open.',
  context: ({ input }) => ({
    earliest: input.earliest,
    required: !input.earlySignup,
    date: null,
  }),
  initial: 'no date',
  states: {
    'no date': {
      description:
        'No activation date yet: the section is incomplete unless the address is an early-signup prospect.',
      on: {
        'activation.date.chosen': {
          guard: 'the date is tomorrow or later',
          target: 'date chosen',
          actions: 'remember date',
        },
      },
    },
    'date chosen': {
      description: 'A desired activation date, tomorrow or later, is chosen.',
      on: {
        'activation.date.chosen': {
          guard: 'the date is tomorrow or later',
          target: 'date chosen',
          actions: 'remember date',
        },
        'activation.date.cleared': { target: 'no date', actions: 'forget date' },
      },
    },
  },
});

export type ActivationActor = ActorRefFrom<typeof activationMachine>;
