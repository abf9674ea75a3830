/**
 * A reusable form: values in context, each field checked with a shared valibot schema after the
 * input-validation delay (signup.md §5: 250 ms), touched/errors/valid, and a submit that runs the
 * named `submit` actor. The app (or a parent machine) provides `submit`; the default just answers
 * the values, so a form that never submits (the signup's customer details) needs nothing.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { TIMERS } from '#shared/first-load-constants';
import { followsNothing } from '../follow.ts';
import {
  checkForm,
  type FieldErrors,
  type FieldSchemas,
  type FormChecks,
  type FormValues,
} from './validation.ts';

export type { FieldErrors, FieldSchemas, FormChecks, FormValues } from './validation.ts';

export interface FormInput {
  /** One shared valibot schema per field; the keys are the field names. */
  fields: FieldSchemas;
  /** Starting values; fields missing here start as an empty string. */
  initialValues?: FormValues;
  /** Rules across fields (for example a confirmation that must match). */
  checks?: FormChecks;
}

export interface FormContext {
  fields: FieldSchemas;
  checks: FormChecks | undefined;
  /** The values it started with, and starts over with. */
  initialValues?: FormValues;
  values: FormValues;
  /** A field is touched once it was edited (and its delay ran out), left, or submitted. */
  touched: Record<string, boolean>;
  /** The message of each field that breaks a rule, known once it was checked. */
  errors: FieldErrors;
  /** Fields edited since their last check. */
  pending: string[];
  /** Every field passes (the hidden ones too, so a fresh empty form is not valid). */
  valid: boolean;
  /** Why the last submit failed, for a banner above the form. */
  submitError: string | null;
  /** What the `submit` actor answered last (for example the server's message). */
  response: unknown;
  submitCount: number;
  /** Submit was asked for while an edit waited for its check: it is acted on once checked. */
  submitRequested: boolean;
}

/** What the `submit` actor may throw: a message and field errors (a 422 from the server). */
export interface SubmitFailure {
  message?: string;
  fieldErrors?: FieldErrors;
}

export type FormEvent =
  | { type: 'field.changed'; field: string; value: unknown }
  | { type: 'field.left'; field: string }
  /** Sets several values at once and checks them now (prefill, autofill, a parent's data). */
  | { type: 'form.filled'; values: FormValues }
  | { type: 'submit.pressed' }
  /** Field errors from elsewhere (a parent machine, a server answer). */
  | { type: 'errors.arrived'; errors: FieldErrors }
  | { type: 'form.cleared' }
  /** The answer of the `submit` actor. */
  | { type: 'xstate.done.actor.submit'; output: unknown }
  | { type: 'xstate.error.actor.submit'; error: unknown };

function emptyValues(fields: FieldSchemas, initial: FormValues = {}): FormValues {
  return Object.fromEntries(Object.keys(fields).map((name) => [name, initial[name] ?? '']));
}

/** A form as it starts (and starts over): nothing touched, checked, sent or answered yet. */
function freshForm(
  fields: FieldSchemas,
  checks: FormChecks | undefined,
  initialValues?: FormValues,
): Omit<FormContext, 'fields' | 'checks' | 'initialValues'> {
  const values = emptyValues(fields, initialValues);
  return {
    values,
    touched: {},
    errors: {},
    pending: [],
    valid: checkForm(fields, values, checks).valid,
    submitError: null,
    response: null,
    submitCount: 0,
    submitRequested: false,
  };
}

function failureOf(error: unknown): SubmitFailure {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { message?: unknown; fieldErrors?: unknown };
    return {
      message: typeof candidate.message === 'string' ? candidate.message : undefined,
      fieldErrors:
        typeof candidate.fieldErrors === 'object' && candidate.fieldErrors !== null
          ? (candidate.fieldErrors as FieldErrors)
          : undefined,
    };
  }
  return { message: typeof error === 'string' ? error : undefined };
}

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
  },
  actors: {
    /** Sends the values somewhere; provided by the app. Throws a {@link SubmitFailure}. */
    submit: fromPromise<unknown, { values: FormValues }>(async ({ input }) => input.values),
    /**
     * Sends `form.cleared` when what the form belongs to starts over (a step that asks for a
     * new code, a refused code); provided by the app (machines/follow.ts).
     */
    follow: followsNothing,
  },
  delays: {
    inputValidationDelay: TIMERS.inputValidationDelayMs,
  },
  actions: {
    'store value': assign(({ context, event }) => {
      if (event.type !== 'field.changed' || !(event.field in context.fields)) return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        // Typing on after Submit asks for it again.
        submitRequested: false,
        pending: context.pending.includes(event.field)
          ? context.pending
          : [...context.pending, event.field],
      };
    }),
    'check pending fields': assign(({ context }) => {
      const result = checkForm(context.fields, context.values, context.checks);
      const touched = { ...context.touched };
      for (const field of context.pending) touched[field] = true;
      // Every touched field is shown afresh: a cross-field rule (a confirmation) follows its partner.
      const errors = { ...context.errors };
      for (const field of Object.keys(touched)) errors[field] = result.errors[field];
      return { touched, errors, pending: [], valid: result.valid };
    }),
    'check left field': assign(({ context, event }) => {
      if (event.type !== 'field.left' || !(event.field in context.fields)) return {};
      // Passing through an empty field untouched (tabbing, or a click elsewhere) is not an
      // answer yet: its "required" message waits for an edit or a submit.
      const value = context.values[event.field];
      const edited = context.touched[event.field] || context.pending.includes(event.field);
      if (!edited && (value === '' || value === undefined)) return {};
      const result = checkForm(context.fields, context.values, context.checks);
      // A problem fixed by the edit goes when the edit's check runs (at most the delay later),
      // not as the field is left: the form does not move under a pointer on its way to a button.
      const fixed = !result.errors[event.field] && context.errors[event.field];
      if (fixed && context.pending.includes(event.field)) return {};
      return {
        touched: { ...context.touched, [event.field]: true },
        errors: { ...context.errors, [event.field]: result.errors[event.field] },
        pending: context.pending.filter((f) => f !== event.field),
        valid: result.valid,
      };
    }),
    'fill values': assign(({ context, event }) => {
      if (event.type !== 'form.filled') return {};
      const values = { ...context.values };
      for (const [name, value] of Object.entries(event.values))
        if (name in context.fields) values[name] = value;
      const result = checkForm(context.fields, values, context.checks);
      const touched = { ...context.touched };
      const errors = { ...context.errors };
      for (const name of Object.keys(event.values)) {
        if (!(name in context.fields)) continue;
        touched[name] = true;
        errors[name] = result.errors[name];
      }
      return {
        values,
        touched,
        errors,
        pending: context.pending.filter((f) => !(f in event.values)),
        valid: result.valid,
      };
    }),
    'check every field': assign(({ context }) => {
      const result = checkForm(context.fields, context.values, context.checks);
      return {
        touched: Object.fromEntries(Object.keys(context.fields).map((f) => [f, true])),
        errors: result.errors,
        pending: [],
        valid: result.valid,
        submitError: null,
        submitCount: context.submitCount + 1,
        submitRequested: false,
      };
    }),
    'store outside errors': assign(({ context, event }) => {
      if (event.type !== 'errors.arrived') return {};
      const touched = { ...context.touched };
      for (const field of Object.keys(event.errors)) touched[field] = true;
      return { errors: { ...context.errors, ...event.errors }, touched };
    }),
    'store submit failure': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.submit');
      const failure = failureOf(event.error);
      const fieldErrors = failure.fieldErrors ?? {};
      const touched = { ...context.touched };
      for (const field of Object.keys(fieldErrors)) touched[field] = true;
      const hasFieldErrors = Object.keys(fieldErrors).length > 0;
      return {
        errors: { ...context.errors, ...fieldErrors },
        touched,
        valid: hasFieldErrors ? false : context.valid,
        submitError: failure.message ?? null,
      };
    }),
    'remember submit': assign({ submitRequested: true }),
    'store response': assign({
      response: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.submit');
        return event.output ?? null;
      },
    }),
    'start over': assign(({ context }) =>
      freshForm(context.fields, context.checks, context.initialValues),
    ),
    /** Tells whoever listens that the checked values changed (a parent provides it). */
    'report checked values': (_, _params: { values: FormValues; valid: boolean }) => {},
  },
  guards: {
    'every field passes': ({ context }) =>
      checkForm(context.fields, context.values, context.checks).valid,
    'a submit waits and every field passes': ({ context }) =>
      context.submitRequested && checkForm(context.fields, context.values, context.checks).valid,
    'a submit waits': ({ context }) => context.submitRequested,
  },
}).createMachine({
  id: 'form',
  description:
    'A form: each field is checked shortly after typing stops (or when it is left), errors show under the fields, and Submit sends the values when every field passes.',
  context: ({ input }) => ({
    fields: input.fields,
    checks: input.checks,
    initialValues: input.initialValues,
    ...freshForm(input.fields, input.checks, input.initialValues),
  }),
  invoke: { id: 'follow', src: 'follow' },
  initial: 'editing',
  on: {
    // Outside errors may arrive at any time (a related request answered while this one waits).
    'errors.arrived': { actions: 'store outside errors' },
  },
  states: {
    editing: {
      description: 'The user fills the fields in.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Every edit is checked.',
        },
        waiting: {
          description:
            'An edit waits for typing to pause before it is checked. A message the edit fixed stays until then (leaving the field does not move the form under the pointer), and a Submit in that time is remembered and acted on once the check has run.',
          on: {
            // Values that already pass are sent at once, as from idle; others wait for the check.
            'submit.pressed': [
              {
                guard: 'every field passes',
                target: '#form.submitting',
                actions: ['check pending fields', 'check every field'],
              },
              { actions: 'remember submit' },
            ],
          },
          after: {
            inputValidationDelay: [
              {
                guard: 'a submit waits and every field passes',
                target: '#form.submitting',
                actions: [
                  'check pending fields',
                  {
                    type: 'report checked values',
                    params: ({ context }) => ({ values: context.values, valid: context.valid }),
                  },
                  'check every field',
                ],
              },
              {
                guard: 'a submit waits',
                target: 'idle',
                actions: [
                  'check pending fields',
                  {
                    type: 'report checked values',
                    params: ({ context }) => ({ values: context.values, valid: context.valid }),
                  },
                  'check every field',
                ],
              },
              {
                target: 'idle',
                actions: [
                  'check pending fields',
                  {
                    type: 'report checked values',
                    params: ({ context }) => ({ values: context.values, valid: context.valid }),
                  },
                ],
              },
            ],
          },
        },
      },
      on: {
        'field.changed': { target: '.waiting', reenter: true, actions: 'store value' },
        'field.left': {
          actions: [
            'check left field',
            {
              type: 'report checked values',
              params: ({ context }) => ({ values: context.values, valid: context.valid }),
            },
          ],
        },
        'form.filled': {
          target: '.idle',
          actions: [
            'fill values',
            {
              type: 'report checked values',
              params: ({ context }) => ({ values: context.values, valid: context.valid }),
            },
          ],
        },
        'submit.pressed': [
          { guard: 'every field passes', target: 'submitting', actions: 'check every field' },
          { target: '.idle', actions: 'check every field' },
        ],
        'form.cleared': { target: '.idle', actions: 'start over' },
      },
    },
    submitting: {
      description: 'The values are being sent; the form is locked.',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'submitted', actions: 'store response' },
        onError: { target: 'editing', actions: 'store submit failure' },
      },
    },
    submitted: {
      description: 'The values were accepted. Editing again starts a new round.',
      on: {
        'field.changed': { target: 'editing.waiting', actions: 'store value' },
        'submit.pressed': {
          guard: 'every field passes',
          target: 'submitting',
          actions: 'check every field',
        },
        'form.cleared': { target: 'editing', actions: 'start over' },
      },
    },
  },
});
