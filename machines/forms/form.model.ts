/** The form machine's registration: a two-field sample form, projection and state checks. */
import { TIMERS } from '#shared/constants';
import * as v from 'valibot';
import { FIELD_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { formMachine } from './form.machine.ts';
import {
  selectField,
  selectFieldError,
  selectFormValid,
  selectResponseMessage,
  selectSubmitCount,
  selectSubmitError,
  selectSubmitted,
  selectSubmitting,
  selectText,
  type FormSnapshot,
} from './form.selectors.ts';
import { checkForm } from './validation.ts';

/** What the server says when it accepts the form (a recovery page shows it). */
const ACCEPTED = 'We sent the link to your email';

/** What every state shows: the values as typed, and whether the form is being or was sent. */
function showsItsState(snapshot: FormSnapshot, state: 'editing' | 'submitting' | 'submitted') {
  for (const field of ['name', 'email']) {
    const value = snapshot.context.values[field];
    expectThat(
      selectText(snapshot, field) === (typeof value === 'string' ? value : ''),
      `${field}: the box shows what was typed`,
    );
  }
  expectThat(selectSubmitting(snapshot) === (state === 'submitting'), 'locked only while sent');
  expectThat(selectSubmitted(snapshot) === (state === 'submitted'), 'sent only once accepted');
  if (state !== 'editing') expectThat(selectSubmitCount(snapshot) > 0, 'a send was counted');
}

/** A sample form (a name and an email), as a signup section or a recovery page would be. */
const SAMPLE_FIELDS = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1, FIELD_MESSAGES.required)),
  email: v.pipe(v.string(), v.email(FIELD_MESSAGES.email)),
};

/** Typing restarts the pause and keeps what was typed. */
const TYPING = {
  'type a name': { to: 'editing.waiting', with: { name: 'Dana Demo' } },
  'clear the name': { to: 'editing.waiting', with: { name: '' } },
  'type a good email': { to: 'editing.waiting', with: { email: 'dana@example.com' } },
  'type a bad email': { to: 'editing.waiting', with: { email: 'dana@' } },
};

/** The sample fields' rules: a name is required, the email needs a domain. */
const sendable = ({ name, email }: { name: unknown; email: unknown }) =>
  name !== '' && email === 'dana@example.com';

/** Every field's message once Submit checked them all: the sample fields' own rules. */
const everyMessage = ({ name, email }: { name: unknown; email: unknown }) => ({
  nameMessage: name === '' ? FIELD_MESSAGES.required : null,
  emailMessage: email === 'dana@example.com' ? null : FIELD_MESSAGES.email,
});

/** Values that pass are sent: no message under a field, no error above the form. */
const SENT = { to: 'submitting', with: { nameMessage: null, emailMessage: null, error: null } };

/** Starting over: nothing typed, no message, no error. */
const STARTED_OVER = {
  to: 'editing.idle',
  with: { name: '', email: '', nameMessage: null, emailMessage: null, error: null },
};

export const formModel = defineMachine({
  name: 'form',
  title: 'Form fields',
  description:
    'How every form of the product checks what the user types. A field is checked a quarter of ' +
    'a second after typing stops, or at once when the user leaves it; its message shows under it ' +
    'only once the user has been there. Submit checks every field: with a problem left, every ' +
    'message shows and nothing is sent; otherwise the form is locked while the values are sent, ' +
    'and a refusal from the server shows beside the fields it concerns. Submit pressed while an ' +
    'edit still waits for its check is remembered and acted on once the check has run; a message ' +
    'the edit fixed goes then too, not as the field is left.',
  machine: formMachine,
  input: { fields: SAMPLE_FIELDS },
  events: [
    sample('type a name', { type: 'field.changed', field: 'name', value: 'Dana Demo' }),
    sample('clear the name', { type: 'field.changed', field: 'name', value: '' }),
    sample('type a good email', {
      type: 'field.changed',
      field: 'email',
      value: 'dana@example.com',
    }),
    sample('type a bad email', { type: 'field.changed', field: 'email', value: 'dana@' }),
    sample('leave the email', { type: 'field.left', field: 'email' }),
    sample('prefill both', {
      type: 'form.filled',
      values: { name: 'Dana Demo', email: 'dana@example.com' },
    }),
    sample('typing pauses', { type: 'xstate.after.inputValidationDelay.form.editing.waiting' }),
    sample('press Submit', { type: 'submit.pressed' }),
    sample('server accepts', { type: 'xstate.done.actor.submit', output: { msg: ACCEPTED } }),
    sample('server refuses the email', {
      type: 'xstate.error.actor.submit',
      error: { message: 'Please check the form.', fieldErrors: { email: 'Email in use' } },
    }),
    sample('outside errors arrive', { type: 'errors.arrived', errors: { name: 'Name taken' } }),
    sample('start over', { type: 'form.cleared' }),
  ],
  project: (snapshot) => ({
    name: snapshot.context.values.name,
    email: snapshot.context.values.email,
    passes: checkForm(snapshot.context.fields, snapshot.context.values, snapshot.context.checks)
      .valid,
    submitRequested: snapshot.context.submitRequested,
    // What shows under each field and above the form.
    nameMessage: selectFieldError(snapshot, 'name') ?? null,
    emailMessage: selectFieldError(snapshot, 'email') ?? null,
    error: selectSubmitError(snapshot),
  }),
  limit: 2000,
  // Checked 250 ms after typing stops (signup.md §9 "input validation 250 ms"); Submit sends
  // only when every field passes (here: a name, and an email with a domain).
  unreachable: [
    {
      transition:
        'editing.waiting › after inputValidationDelay [a submit waits and every field passes] → submitting',
      reason:
        'in these samples a Submit of values that pass is sent at once, and any edit forgets a remembered one; only an outside check that comes to pass while a Submit waits takes it',
    },
  ],
  expect: {
    // An empty form: nothing typed, nothing waiting, so it does not pass (a name is required).
    start: {
      to: 'editing.idle',
      with: {
        name: '',
        email: '',
        passes: false,
        submitRequested: false,
        nameMessage: null,
        emailMessage: null,
        error: null,
      },
    },
    on: {
      // An outside error shows under its field at once.
      '*': { 'outside errors arrive': { to: 'stays', with: { nameMessage: 'Name taken' } } },
      editing: {
        ...TYPING,
        'leave the email': 'stays',
        'prefill both': {
          to: 'editing.idle',
          with: {
            name: 'Dana Demo',
            email: 'dana@example.com',
            nameMessage: null,
            emailMessage: null,
          },
        },
        // Submit with a problem left: every message shows, nothing is sent.
        'press Submit': (before) =>
          sendable(before)
            ? SENT
            : { to: 'editing.idle', with: { ...everyMessage(before), error: null } },
        'start over': STARTED_OVER,
      },
      // A Submit pressed while an edit waits for its check is remembered and sent once the
      // check has run, when the form then passes (issue: a click within the 250 ms delay).
      'editing.waiting': {
        'press Submit': (before) =>
          sendable(before) ? SENT : { to: 'editing.waiting', with: { submitRequested: true } },
        'typing pauses': (before) => {
          if (!before.submitRequested)
            return { to: 'editing.idle', with: { submitRequested: false } };
          // The remembered Submit, once the check has run.
          return sendable(before)
            ? SENT
            : {
                to: 'editing.idle',
                with: { submitRequested: false, ...everyMessage(before), error: null },
              };
        },
      },
      // A refusal shows above the form, and its field errors beside their fields.
      submitting: {
        'server accepts': { to: 'submitted', with: { error: null } },
        'server refuses the email': (before) => ({
          to: 'editing.idle',
          // The name's message (an outside error, if one came) stays as it was.
          with: {
            error: 'Please check the form.',
            emailMessage: 'Email in use',
            nameMessage: before.nameMessage,
          },
        }),
      },
      submitted: {
        ...TYPING,
        'press Submit': (before) => (sendable(before) ? SENT : 'ignored'),
        'start over': STARTED_OVER,
      },
    },
    timers: { 'editing.waiting': { inputValidationDelay: TIMERS.inputValidationDelayMs } },
  },
  states: {
    'editing.idle': (snapshot) => {
      showsItsState(snapshot, 'editing');
      expectThat(snapshot.context.pending.length === 0, 'every edit should have been checked');
      for (const field of ['name', 'email']) {
        const view = selectField(snapshot, field);
        expectThat(view.touched || view.error === undefined, `${field}: no message before a visit`);
      }
    },
    'editing.waiting': (snapshot) => {
      showsItsState(snapshot, 'editing');
      // Leaving the field checks the edit at once; the pause still runs out afterwards.
      expectThat(
        snapshot.context.pending.length > 0 ||
          Object.values(snapshot.context.touched).some(Boolean),
        'an edit should wait for its check, or have been checked as its field was left',
      );
      expectThat(!selectFormValid(snapshot), 'the form is not known valid while an edit waits');
    },
    submitting: (snapshot) => {
      showsItsState(snapshot, 'submitting');
      expectThat(
        checkForm(snapshot.context.fields, snapshot.context.values).valid,
        'only valid values are sent',
      );
    },
    submitted: (snapshot) => {
      showsItsState(snapshot, 'submitted');
      expectThat(snapshot.context.submitError === null, 'an accepted form shows no error');
      expectThat(selectResponseMessage(snapshot) === ACCEPTED, 'the server’s words are kept');
    },
  },
});
