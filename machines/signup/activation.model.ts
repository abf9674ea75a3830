/** The activation-date section's registration (southern_ute). */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { activationMachine } from './activation.machine.ts';
import { selectActivationValid, selectActivationView } from './activation.selectors.ts';
import { sampleDays } from './samples.ts';

const days = sampleDays();

export const activationModel = defineMachine({
  name: 'signup-activation',
  title: 'Signup: desired activation date (bonfire residential)',
  description:
    'Southern Ute Fiber addresses ask when the visitor wants the service switched on. The date ' +
    'is tomorrow at the earliest; earlier dates are refused. It is required, except for an ' +
    'early-signup prospect, whose network is still being built.',
  machine: activationMachine,
  input: { earliest: days.tomorrow, earlySignup: false },
  events: [
    sample('choose tomorrow', { type: 'activation.date.chosen', date: days.tomorrow }),
    sample('choose the day after', { type: 'activation.date.chosen', date: days.dayAfter }),
    sample('choose today', { type: 'activation.date.chosen', date: days.today }),
    sample('clear the date', { type: 'activation.date.cleared' }),
  ],
  project: ({ context }) => ({
    date: context.date === null ? null : context.date === days.tomorrow ? 'tomorrow' : 'later',
  }),
  limit: 100,
  // signup.md §3: the desired activation date, tomorrow at the earliest.
  expect: {
    // The section opens with no date chosen.
    start: { to: 'no date', with: { date: null } },
    on: {
      '*': {
        'choose today': 'ignored',
        'choose tomorrow': { to: 'date chosen', with: { date: 'tomorrow' } },
        'choose the day after': { to: 'date chosen', with: { date: 'later' } },
      },
      'date chosen': { 'clear the date': { to: 'no date', with: { date: null } } },
    },
  },
  states: {
    'no date': (snapshot) => {
      expectThat(snapshot.context.date === null, 'no date is held');
      expectThat(!selectActivationValid(snapshot), 'the date is required outside early signup');
    },
    'date chosen': (snapshot) => {
      const view = selectActivationView(snapshot);
      expectThat(view.date !== null && view.date >= view.earliest, 'the date is tomorrow or later');
      expectThat(selectActivationValid(snapshot), 'the section is complete');
    },
  },
});
