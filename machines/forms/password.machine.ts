/**
 * A new password with its confirmation and, for a change of password, the current one
 * (portal.md §5, signup.md §5). The rules and messages are the shared ones (src/shared/password.ts):
 * length and match are checked after the 250 ms input-validation delay; the strength (zxcvbn) is
 * measured by the invoked `checkStrength` actor after the 750 ms suggestion debounce, and its
 * feedback shows as danger (warning) and warning (suggestions) lines. Submit runs the named
 * `submit` actor once every rule passes, strength included; once accepted, the named action
 * `announce the change` runs, and with `startOverWhenDone` the passwords start over for another
 * change. A password set for a username (the recovery link) carries the username to `submit`,
 * and a refusal of that username comes back as `usernameError`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { TIMERS } from '#shared/constants';
import { PASSWORD_MESSAGES } from '#shared/messages/account';
import {
  passwordStrength,
  quickPasswordProblems,
  type PasswordProblems,
  type PasswordStrength,
} from '#shared/password';

export type PasswordField = 'current' | 'password' | 'confirmation';

export interface PasswordInput {
  /** A change of password: the current password is asked for and the new one must differ. */
  requireCurrent?: boolean;
  /** Ask for the password twice (default true). */
  withConfirmation?: boolean;
  /** Words that make a password easy to guess here (username, names, email). */
  userInputs?: readonly string[];
  /** Once accepted, the passwords start over (a change of password that can be made again). */
  startOverWhenDone?: boolean;
}

export interface PasswordValues {
  current: string;
  password: string;
  confirmation: string;
}

export interface PasswordContext {
  requireCurrent: boolean;
  withConfirmation: boolean;
  userInputs: readonly string[];
  startOverWhenDone: boolean;
  /** The account the password is set for, when the page asks for it (sent with the password). */
  username: string;
  /** Why the server refused that username, from the last submit. */
  usernameError: string | null;
  values: PasswordValues;
  touched: Partial<Record<PasswordField, boolean>>;
  /** The quick rules' verdict at the last check (length, match, current given and different). */
  problems: PasswordProblems;
  /** Fields edited since their last check. */
  pending: PasswordField[];
  /** zxcvbn's verdict and the password it was measured for. */
  strength: PasswordStrength | null;
  measuredPassword: string | null;
  /** Submit was pressed before the strength was known: send once it is, if it passes. */
  submitWhenMeasured: boolean;
  submitError: string | null;
}

export interface PasswordSubmitFailure {
  message?: string;
  fieldErrors?: Partial<Record<PasswordField | 'username', string>>;
}

export type PasswordEvent =
  | { type: 'field.changed'; field: PasswordField; value: string }
  | { type: 'field.left'; field: PasswordField }
  /** Put a password in both boxes (from the password generator). */
  | { type: 'suggestion.used'; password: string }
  | { type: 'user.inputs.changed'; userInputs: readonly string[] }
  | { type: 'username.changed'; username: string }
  | { type: 'submit.pressed' }
  | { type: 'form.cleared' }
  /** The answers of the strength check and the submit the machine follows. */
  | { type: 'xstate.done.actor.checkStrength'; output: PasswordStrength }
  | { type: 'xstate.error.actor.submit'; error: unknown };

function quickProblems(context: PasswordContext): PasswordProblems {
  return quickPasswordProblems({
    password: context.values.password,
    confirmation: context.withConfirmation ? context.values.confirmation : undefined,
    currentPassword: context.requireCurrent ? context.values.current : undefined,
  });
}

/** The strength verdict applies only to the password it was measured for. */
export function strengthIsCurrent(context: PasswordContext): boolean {
  return context.strength !== null && context.measuredPassword === context.values.password;
}

/** Every rule, the strength included, as messages per field (the strength only once known). */
export function allProblems(context: PasswordContext, problems = quickProblems(context)) {
  const result: PasswordProblems = { ...problems };
  if (!result.password && strengthIsCurrent(context) && !context.strength?.strongEnough)
    result.password = PASSWORD_MESSAGES.scoreTooLow;
  return result;
}

function hasProblems(problems: PasswordProblems): boolean {
  return Boolean(problems.current || problems.password || problems.confirmation);
}

/** The passwords as they start (and start over): nothing typed, checked or measured yet. */
function freshEntry(): Omit<
  PasswordContext,
  'requireCurrent' | 'withConfirmation' | 'userInputs' | 'startOverWhenDone' | 'username'
> {
  return {
    usernameError: null,
    values: { current: '', password: '', confirmation: '' },
    touched: {},
    problems: {},
    pending: [],
    strength: null,
    measuredPassword: null,
    submitWhenMeasured: false,
    submitError: null,
  };
}

function failureOf(error: unknown): PasswordSubmitFailure {
  if (typeof error !== 'object' || error === null) return {};
  const candidate = error as { message?: unknown; fieldErrors?: unknown };
  return {
    message: typeof candidate.message === 'string' ? candidate.message : undefined,
    fieldErrors:
      typeof candidate.fieldErrors === 'object' && candidate.fieldErrors !== null
        ? (candidate.fieldErrors as PasswordSubmitFailure['fieldErrors'])
        : undefined,
  };
}

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as PasswordInput,
  },
  actors: {
    /** zxcvbn's verdict (the shared lazy loader); replaced by a fake in tests. */
    checkStrength: fromPromise<
      PasswordStrength,
      { password: string; userInputs: readonly string[] }
    >(({ input }) => passwordStrength(input.password, input.userInputs)),
    /** Sends the new password (and the current one); provided by the app. */
    submit: fromPromise<unknown, { password: string; current: string; username: string }>(
      async () => undefined,
    ),
  },
  delays: {
    inputValidationDelay: TIMERS.inputValidationDelayMs,
    passwordSuggestionDebounce: TIMERS.passwordSuggestionDebounceMs,
  },
  actions: {
    'store value': assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        pending: context.pending.includes(event.field)
          ? context.pending
          : [...context.pending, event.field],
        submitError: null,
      };
    }),
    'store generated password': assign(({ context, event }) => {
      if (event.type !== 'suggestion.used') return {};
      const values = { ...context.values, password: event.password, confirmation: event.password };
      const touched = { ...context.touched, password: true, confirmation: true };
      return { values, touched, problems: quickProblems({ ...context, values }), pending: [] };
    }),
    'check pending fields': assign(({ context }) => {
      const touched = { ...context.touched };
      for (const field of context.pending) touched[field] = true;
      return { touched, problems: quickProblems(context), pending: [] };
    }),
    'check left field': assign(({ context, event }) => {
      if (event.type !== 'field.left') return {};
      return {
        touched: { ...context.touched, [event.field]: true },
        problems: quickProblems(context),
        pending: context.pending.filter((f) => f !== event.field),
      };
    }),
    'check every field': assign(({ context }) => ({
      touched: { current: true, password: true, confirmation: true },
      problems: quickProblems(context),
      pending: [],
      submitError: null,
    })),
    'submit once measured': assign({ submitWhenMeasured: true }),
    'forget submit request': assign({ submitWhenMeasured: false }),
    'store strength': assign(({ event, context }) => {
      assertEvent(event, 'xstate.done.actor.checkStrength');
      return { strength: event.output ?? null, measuredPassword: context.values.password };
    }),
    'forget strength': assign({ strength: null, measuredPassword: null }),
    'store user inputs': assign(({ event }) =>
      event.type === 'user.inputs.changed' ? { userInputs: event.userInputs } : {},
    ),
    'store submit failure': assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.submit');
      const failure = failureOf(event.error);
      const { username, ...fieldErrors } = failure.fieldErrors ?? {};
      return {
        problems: { ...context.problems, ...fieldErrors },
        submitError: failure.message ?? null,
        usernameError: username ?? null,
        submitWhenMeasured: false,
      };
    }),
    'store username': assign(({ event }) => {
      assertEvent(event, 'username.changed');
      return { username: event.username, usernameError: null };
    }),
    'start over': assign(freshEntry),
    /** The app tells the user the password was changed (a notification). */
    'announce the change': () => {},
  },
  guards: {
    'the new password changed': ({ event }) =>
      (event.type === 'field.changed' && event.field === 'password') ||
      event.type === 'suggestion.used',
    'the new password is empty': ({ event }) =>
      event.type === 'field.changed' && event.field === 'password' && event.value === '',
    'every rule passes': ({ context }) =>
      strengthIsCurrent(context) && !hasProblems(allProblems(context)),
    'only the strength is unknown': ({ context }) =>
      !strengthIsCurrent(context) && !hasProblems(quickProblems(context)),
    'a submit waits for the strength': ({ context }) => context.submitWhenMeasured,
    'strength measured for this password': ({ context }) => strengthIsCurrent(context),
    'a password is typed': ({ context }) => context.values.password !== '',
    'the passwords start over once accepted': ({ context }) => context.startOverWhenDone,
  },
}).createMachine({
  id: 'password',
  description:
    'A new password, its confirmation and (for a change) the current password. Rules show shortly after typing stops; strength advice shows after a longer pause.',
  context: ({ input }) => ({
    requireCurrent: input.requireCurrent ?? false,
    withConfirmation: input.withConfirmation ?? true,
    userInputs: input.userInputs ?? [],
    startOverWhenDone: input.startOverWhenDone ?? false,
    username: '',
    ...freshEntry(),
  }),
  initial: 'editing',
  on: {
    'username.changed': { actions: 'store username' },
  },
  states: {
    editing: {
      description: 'The user types the passwords.',
      type: 'parallel',
      states: {
        rules: {
          description: 'Length, match and the current password.',
          initial: 'idle',
          on: {
            // Not `reenter`: inside a parallel state that would restart the sibling region too.
            // A target below the region restarts it anyway (the region's states are left first).
            'field.changed': { target: '.waiting', actions: 'store value' },
            'suggestion.used': { target: '.idle', actions: 'store generated password' },
          },
          states: {
            idle: { description: 'Every edit is checked.' },
            waiting: {
              description: 'An edit waits for typing to pause before it is checked.',
              after: { inputValidationDelay: { target: 'idle', actions: 'check pending fields' } },
            },
          },
        },
        strength: {
          description: 'How hard the new password is to guess.',
          initial: 'resuming',
          on: {
            'field.changed': [
              {
                guard: 'the new password is empty',
                target: '.empty',
                actions: 'forget strength',
              },
              { guard: 'the new password changed', target: '.debouncing' },
            ],
            'suggestion.used': '.measuring',
            'user.inputs.changed': [
              {
                guard: 'a password is typed',
                target: '.debouncing',
                actions: ['store user inputs', 'forget strength'],
              },
              { actions: 'store user inputs' },
            ],
          },
          states: {
            resuming: {
              description: 'Picks up where the strength check was (after a failed submit).',
              always: [
                { guard: 'strength measured for this password', target: 'measured' },
                { guard: 'a password is typed', target: 'debouncing' },
                { target: 'empty' },
              ],
            },
            empty: { description: 'No new password typed yet: no advice.' },
            debouncing: {
              description: 'Waits for typing to pause before measuring the strength.',
              after: { passwordSuggestionDebounce: 'measuring' },
            },
            measuring: {
              description: 'The strength is being measured (the dictionaries load on first use).',
              invoke: {
                id: 'checkStrength',
                src: 'checkStrength',
                input: ({ context }) => ({
                  password: context.values.password,
                  userInputs: context.userInputs,
                }),
                onDone: [
                  {
                    guard: 'a submit waits for the strength',
                    target: '#password.deciding',
                    actions: ['store strength', 'check every field'],
                  },
                  { target: 'measured', actions: 'store strength' },
                ],
                onError: {
                  target: 'unavailable',
                  actions: ['forget strength', 'forget submit request'],
                },
              },
            },
            measured: { description: 'Strength advice is shown for the password as typed.' },
            unavailable: {
              description:
                'The strength could not be measured (the dictionaries did not load); the next edit tries again.',
            },
          },
        },
      },
      on: {
        'field.left': { actions: 'check left field' },
        'submit.pressed': [
          { guard: 'every rule passes', target: 'submitting', actions: 'check every field' },
          {
            guard: 'only the strength is unknown',
            target: '.strength.measuring',
            actions: ['check every field', 'submit once measured'],
          },
          { actions: 'check every field' },
        ],
        'form.cleared': { target: 'editing', actions: 'start over' },
      },
    },
    deciding: {
      description: 'The strength arrived after Submit: send if every rule passes.',
      always: [
        { guard: 'every rule passes', target: 'submitting', actions: 'forget submit request' },
        { target: 'editing', actions: 'forget submit request' },
      ],
    },
    submitting: {
      description: 'The new password is being sent; the form is locked.',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          password: context.values.password,
          current: context.values.current,
          username: context.username,
        }),
        onDone: 'submitted',
        onError: { target: 'editing', actions: 'store submit failure' },
      },
    },
    submitted: {
      description:
        'The new password was accepted and the user is told so; a change that can be made again starts over.',
      entry: 'announce the change',
      always: {
        guard: 'the passwords start over once accepted',
        target: 'editing',
        actions: 'start over',
      },
      on: { 'form.cleared': { target: 'editing', actions: 'start over' } },
    },
  },
});
