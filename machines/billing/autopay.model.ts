/** The autopay machine's registration: the automatic payment switch of the billing pages. */
import { ERROR_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { autopayMachine, type AutopayContext } from './autopay.machine.ts';
import {
  selectAutopayAskingOff,
  selectAutopayChecked,
  selectAutopayDisabled,
  selectAutopayError,
  selectAutopayPending,
  selectAutopayUnavailableReason,
} from './autopay.selectors.ts';

/** The customer's default payment account. */
/** The billing data loaded again. */
const RELOAD = { 'reload the billing data': true } as const;

/**
 * The switch's answers: what the server says it is now; a request that never arrives leaves it as
 * it was (`before`), with the reason.
 */
const answered = (before: 'on' | 'off') => ({
  'the server says it is on': { to: 'on', with: { refused: null }, runs: RELOAD },
  'the server says it is off': { to: 'off', with: { refused: null }, runs: RELOAD },
  'the server cannot be reached': {
    to: before,
    with: { refused: ERROR_MESSAGES.timeout },
    runs: RELOAD,
  },
});
const BANK = { id: 1, label: 'Bank account ending in 6789' };

export const billingAutopayModel = defineMachine({
  name: 'billing-autopay',
  title: 'Automatic payment switch',
  description:
    'The Automatic payment switch of the Billing page (and the Payment methods page). Automatic ' +
    'payment charges the default payment method when a bill is due, so the switch turns it on ' +
    'or off on that method; without a default method the switch is disabled and says why. ' +
    'Turning it off asks first, naming the method it stops charging; nothing is sent before ' +
    'the customer confirms, and Cancel leaves it on. ' +
    'While the change is sent the switch shows it pending; if it is refused the switch stays as ' +
    'it was and the reason shows. After any answer the page loads the billing data again.',
  machine: autopayMachine,
  input: { automatic: false, defaultAccountId: BANK.id },
  events: [
    sample('switch automatic payment on', { type: 'autopay.switched', on: true }),
    sample('switch automatic payment off', { type: 'autopay.switched', on: false }),
    sample('confirm turning it off', { type: 'autopay.off.confirmed' }),
    sample('keep it on', { type: 'autopay.off.cancelled' }),
    sample('the server says it is on', {
      type: 'xstate.done.actor.save',
      output: { automatic: true, default_payment_account_id: BANK.id },
    }),
    sample('the server says it is off', {
      type: 'xstate.done.actor.save',
      output: { automatic: false, default_payment_account_id: BANK.id },
    }),
    sample('the server cannot be reached', {
      type: 'xstate.error.actor.save',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('the accounts load with it on', {
      type: 'accounts.loaded',
      automatic: true,
      defaultAccountId: BANK.id,
    }),
    sample('the accounts load with no default account', {
      type: 'accounts.loaded',
      automatic: false,
      defaultAccountId: null,
    }),
  ],
  project: ({ context }: { context: AutopayContext }) => ({
    automatic: context.automatic,
    hasDefault: context.defaultAccountId !== null,
    refused: context.error,
  }),
  limit: 200,
  expect: {
    effects: ['reload the billing data'],
    // As the billing data says: off, with a default account, nothing refused.
    start: { to: 'off', with: { automatic: false, hasDefault: true, refused: null } },
    on: {
      // What the server says is what the switch shows.
      '*': { 'the accounts load with no default account': 'unavailable' },
      off: {
        'switch automatic payment on': { to: 'turning on', with: { refused: null } },
        'the accounts load with it on': 'on',
      },
      // Turning it off asks first: nothing is sent before Confirm; Cancel leaves it on.
      on: {
        'switch automatic payment off': { to: 'asking to turn off', with: { refused: null } },
        'the accounts load with it on': 'on',
      },
      unavailable: { 'the accounts load with it on': 'on' },
      'asking to turn off': {
        'confirm turning it off': 'turning off',
        'keep it on': 'on',
        // The billing data loaded again meanwhile leaves the question open while it is still on.
        'the accounts load with it on': 'asking to turn off',
      },
      // Any answer has the billing data loaded again (the accounts it loads say what is on).
      'turning on': answered('off'),
      'turning off': answered('on'),
    },
    // The switch sets `automatic` on the default payment account (portal.md §7 Billing).
    running: { 'turning on': ['save'], 'turning off': ['save'] },
    inputs: {
      save: (_after, states) => ({
        accountId: BANK.id,
        automatic: states.includes('turning on'),
      }),
    },
  },
  states: {
    off: (snapshot) => {
      expectThat(!selectAutopayChecked(snapshot), 'the switch is off');
      expectThat(!selectAutopayDisabled(snapshot), 'the switch can be used');
    },
    on: (snapshot) => {
      expectThat(selectAutopayChecked(snapshot), 'the switch is on');
      expectThat(!selectAutopayDisabled(snapshot), 'the switch can be used');
    },
    unavailable: (snapshot) => {
      expectThat(selectAutopayDisabled(snapshot), 'the switch is disabled');
      expectThat(selectAutopayUnavailableReason(snapshot) !== null, 'the reason shows');
    },
    'asking to turn off': (snapshot) => {
      expectThat(selectAutopayAskingOff(snapshot), 'the question shows');
      expectThat(selectAutopayChecked(snapshot), 'the switch stays on until it is confirmed');
      expectThat(!selectAutopayPending(snapshot), 'nothing is sent');
    },
    'turning on': (snapshot) => {
      expectThat(selectAutopayPending(snapshot) && selectAutopayChecked(snapshot), 'pending on');
      expectThat(selectAutopayError(snapshot) === null, 'no earlier refusal shows');
    },
    'turning off': (snapshot) => {
      expectThat(selectAutopayPending(snapshot) && !selectAutopayChecked(snapshot), 'pending off');
      expectThat(selectAutopayError(snapshot) === null, 'no earlier refusal shows');
    },
  },
});
