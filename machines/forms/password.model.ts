/** The password-field machine's registration: a change of password, projection and checks. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TIMERS } from '#shared/constants';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import { quickPasswordProblems, type PasswordStrength } from '#shared/password';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { passwordMachine, strengthIsCurrent, type PasswordContext } from './password.machine.ts';
import {
  selectPasswordError,
  selectPasswordSubmitting,
  selectStrengthAdvice,
  selectStrengthPending,
} from './password.selectors.ts';

const STRONG = 'violet-harbor-quietly-72';
const strong: PasswordStrength = {
  score: 4,
  strength: 100,
  strongEnough: true,
  warning: null,
  suggestions: [],
};
const weak: PasswordStrength = {
  score: 1,
  strength: 25,
  strongEnough: false,
  warning: 'This is a very common password.',
  suggestions: ['Add more words that are less common.'],
};

/** A generated password of exactly `length` characters. */
function passwordOf(length: number): string {
  return `${STRONG}${'x'.repeat(length)}`.slice(0, length);
}

/** Passwords at the length limits (signup.md §9: 12 to 127 characters), password and confirmation. */
const BOUNDARIES = [
  PASSWORD_MIN_LENGTH - 1,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MAX_LENGTH + 1,
].map((length) =>
  sample(`use a generated password of ${length} characters`, {
    type: 'suggestion.used',
    password: passwordOf(length),
  }),
);

type Projection = {
  quickOk: boolean;
  typed: boolean;
  measured: boolean;
  strong: boolean | null;
  waits: boolean;
};

/** Typing into the password field. */
const TYPED = ['type a strong password', 'type a short password'];

/**
 * Submit sends when every rule passes (the shared rules: lengths 12 to 127, the confirmation,
 * the current password) with the strength measured strong; with only the strength unknown it
 * measures first; otherwise it shows every problem. So a generated password of 11 or 128
 * characters is never sent, one of 12 or 127 is.
 */
const submit = ({ quickOk, measured, strong }: Projection) =>
  quickOk && measured && strong
    ? 'submitting'
    : quickOk && !measured
      ? { to: 'editing.strength.measuring', with: { waits: true } }
      : 'stays';

/** Once measured: a waiting submit goes ahead if everything passes. */
const measuredAs =
  (strong: boolean) =>
  ({ quickOk, waits }: Projection) =>
    waits && strong && quickOk
      ? 'submitting'
      : { to: 'editing.strength.measured', with: { strong, waits: false } };

const typingPausesLonger = sample('typing pauses longer', {
  type: 'xstate.after.passwordSuggestionDebounce.password.editing.strength.debouncing',
});

function quickOk(context: PasswordContext) {
  const problems = quickPasswordProblems({
    password: context.values.password,
    confirmation: context.values.confirmation,
    currentPassword: context.values.current,
  });
  return !problems.current && !problems.password && !problems.confirmation;
}

export const passwordModel = defineMachine({
  name: 'password',
  title: 'Password fields',
  description:
    'The new-password fields of every password form (signup, change of password, password ' +
    'reset). Length (12 to 127 characters), the confirmation and, for a change, the current ' +
    'password are checked a quarter of a second after typing stops. How hard the password is ' +
    'to guess is measured after a longer pause (three quarters of a second) and shows as advice: ' +
    'red for a warning, yellow for suggestions. The password must reach full strength. Submit ' +
    'with the strength still unknown measures it at once and sends only if everything passes.',
  machine: passwordMachine,
  input: { requireCurrent: true },
  // The 750 ms pause cannot end before the 250 ms one that started with the same keystroke.
  events: (snapshot) => [
    ...(snapshot.matches({ editing: { rules: 'waiting' } }) ? [] : [typingPausesLonger]),
    sample('type the current password', {
      type: 'field.changed',
      field: 'current',
      value: 'old-password-1',
    }),
    sample('type a strong password', { type: 'field.changed', field: 'password', value: STRONG }),
    sample('type a short password', { type: 'field.changed', field: 'password', value: 'short' }),
    sample('clear the password', { type: 'field.changed', field: 'password', value: '' }),
    sample('confirm it', { type: 'field.changed', field: 'confirmation', value: STRONG }),
    sample('leave the current password', { type: 'field.left', field: 'current' }),
    sample('use a generated password', { type: 'suggestion.used', password: STRONG }),
    sample('the username changes', { type: 'user.inputs.changed', userInputs: ['dana'] }),
    sample('the page names the account', { type: 'username.changed', username: 'dana-demo' }),
    sample('typing pauses', {
      type: 'xstate.after.inputValidationDelay.password.editing.rules.waiting',
    }),
    sample('measured strong', { type: 'xstate.done.actor.checkStrength', output: strong }),
    sample('measured weak', { type: 'xstate.done.actor.checkStrength', output: weak }),
    sample('dictionaries fail to load', { type: 'xstate.error.actor.checkStrength', error: {} }),
    sample('press Submit', { type: 'submit.pressed' }),
    sample('server accepts', { type: 'xstate.done.actor.submit', output: {} }),
    sample('server refuses the current password', {
      type: 'xstate.error.actor.submit',
      error: { message: 'Please check the form.', fieldErrors: { current: 'Wrong password' } },
    }),
    sample('start over', { type: 'form.cleared' }),
  ],
  project: ({ context }) => ({
    quickOk: quickOk(context),
    typed: context.values.password !== '',
    measured: strengthIsCurrent(context),
    strong: context.strength?.strongEnough ?? null,
    waits: context.submitWhenMeasured,
  }),
  limit: 3000,
  unreachable: [
    {
      transition: 'submitted › always [the passwords start over once accepted] → editing',
      reason:
        'This walk is a change of password that ends once accepted; the account page starts ' +
        'over for another change (startOverWhenDone), which tests/machines/forms-password.test.ts walks.',
    },
    {
      transition:
        'editing.strength.resuming › always [a password is typed] → editing.strength.debouncing',
      reason:
        'Editing resumes only after a submit, and a submit needs the strength of the password as ' +
        'typed; the branch keeps the advice coming should that ever change.',
    },
  ],
  // The spec does not say what an accepted password shows; the user is told it was changed (a
  // success notification, portal.md §4 "Notifications"), once, when the server accepts it.
  expect: {
    effects: ['announce the change'],
    // Empty fields: the current password is required, so the rules do not pass; nothing is
    // typed or measured, and no Submit waits.
    start: {
      to: ['editing.rules.idle', 'editing.strength.empty'],
      with: { quickOk: false, typed: false, measured: false, strong: null, waits: false },
    },
    on: {
      // The account the password is for goes with it, whatever the fields are doing.
      '*': { 'the page names the account': 'stays' },
      editing: {
        'leave the current password': 'stays',
        'press Submit': submit,
        'start over': {
          to: ['editing.rules.idle', 'editing.strength.empty'],
          with: { typed: false },
        },
      },
      // The rules are checked 250 ms after typing stops; a generated password is checked at once.
      'editing.rules': {
        'type the current password': 'editing.rules.waiting',
        ...Object.fromEntries(TYPED.map((label) => [label, 'editing.rules.waiting'])),
        'clear the password': 'editing.rules.waiting',
        'confirm it': 'editing.rules.waiting',
        'use a generated password': 'editing.rules.idle',
        ...Object.fromEntries(BOUNDARIES.map((s) => [s.label, 'editing.rules.idle'])),
      },
      'editing.rules.waiting': { 'typing pauses': 'editing.rules.idle' },
      // The strength is measured 750 ms after the new password last changed.
      'editing.strength': {
        'type the current password': 'ignored',
        'confirm it': 'ignored',
        // Every edit of the new password starts the longer pause over.
        ...Object.fromEntries(TYPED.map((label) => [label, 'editing.strength.debouncing'])),
        'clear the password': { to: 'editing.strength.empty', with: { typed: false } },
        'use a generated password': 'editing.strength.measuring',
        ...Object.fromEntries(BOUNDARIES.map((s) => [s.label, 'editing.strength.measuring'])),
        'the username changes': ({ typed }: Projection) =>
          typed ? { to: 'editing.strength.debouncing', with: { measured: false } } : 'stays',
      },
      'editing.strength.debouncing': { 'typing pauses longer': 'editing.strength.measuring' },
      'editing.strength.measuring': {
        'measured strong': measuredAs(true),
        'measured weak': measuredAs(false),
        'dictionaries fail to load': {
          to: 'editing.strength.unavailable',
          with: { measured: false, waits: false },
        },
      },
      submitting: {
        'server accepts': { to: 'submitted', runs: { 'announce the change': true } },
        'server refuses the current password': ['editing.rules.idle', 'editing.strength.measured'],
      },
      submitted: { 'start over': ['editing.rules.idle', 'editing.strength.empty'] },
    },
    timers: {
      'editing.rules.waiting': { inputValidationDelay: TIMERS.inputValidationDelayMs },
      'editing.strength.debouncing': {
        passwordSuggestionDebounce: TIMERS.passwordSuggestionDebounceMs,
      },
    },
    boundaries: BOUNDARIES,
  },
  states: {
    'editing.rules.idle': (snapshot) => {
      expectThat(snapshot.context.pending.length === 0, 'every edit should have been checked');
    },
    'editing.rules.waiting': (snapshot) => {
      expectThat(snapshot.context.pending.length > 0, 'an edit should wait for its check');
    },
    'editing.strength.empty': (snapshot) => {
      expectThat(selectStrengthAdvice(snapshot).length === 0, 'no advice without a password');
    },
    'editing.strength.debouncing': (snapshot) => {
      expectThat(selectStrengthPending(snapshot), 'the strength should show as pending');
    },
    'editing.strength.measuring': (snapshot) => {
      expectThat(selectStrengthPending(snapshot), 'the strength should show as pending');
    },
    'editing.strength.measured': (snapshot) => {
      const { strength } = snapshot.context;
      expectThat(strength !== null, 'a measured password has a strength');
      if (snapshot.context.touched.password && !strength.strongEnough && quickOk(snapshot.context))
        expectThat(
          selectPasswordError(snapshot, 'password') === PASSWORD_MESSAGES.scoreTooLow,
          'a weak password should say its score is too low',
        );
    },
    'editing.strength.unavailable': (snapshot) => {
      expectThat(snapshot.context.strength === null, 'no strength is known');
    },
    submitting: (snapshot) => {
      expectThat(selectPasswordSubmitting(snapshot), 'the form should be locked');
      expectThat(
        strengthIsCurrent(snapshot.context) && snapshot.context.strength?.strongEnough === true,
        'only a strong password is sent',
      );
    },
    submitted: (snapshot) => {
      expectThat(snapshot.context.submitError === null, 'an accepted password shows no error');
    },
  },
});
