import * as v from 'valibot';
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { UsernameSchema } from '../../src/shared/schemas/username.ts';
import { formMachine, type FormInput } from '../../machines/forms/form.machine.ts';
import {
  selectField,
  selectFormValid,
  selectSubmitError,
  selectSubmitting,
} from '../../machines/forms/form.selectors.ts';

const Email = v.pipe(v.string(), v.email(FIELD_MESSAGES.email));
const Required = v.pipe(v.string(), v.trim(), v.minLength(1, FIELD_MESSAGES.required));

const input: FormInput = {
  fields: { username: UsernameSchema, email: Email, confirmEmail: Required },
  checks: (values) => ({
    confirmEmail: values.confirmEmail === values.email ? undefined : 'Emails do not match.',
  }),
};

describe('form machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(submit?: (values: Record<string, unknown>) => Promise<unknown>, extra = {}) {
    const machine = submit
      ? formMachine.provide({
          actors: { submit: fromPromise(({ input: i }) => submit(i.values)) },
        })
      : formMachine;
    return createActor(machine, { input: { ...input, ...extra } }).start();
  }

  it('checks a field only after the input-validation delay, and restarts the delay on each edit', () => {
    const form = start();
    form.send({ type: 'field.changed', field: 'username', value: '1x' });
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs - 10);
    expect(selectField(form.getSnapshot(), 'username').error).toBeUndefined();
    form.send({ type: 'field.changed', field: 'username', value: '2x' });
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs - 10);
    expect(selectField(form.getSnapshot(), 'username').error).toBeUndefined();
    vi.advanceTimersByTime(10);
    expect(selectField(form.getSnapshot(), 'username')).toMatchObject({
      value: '2x',
      touched: true,
      error: USERNAME_MESSAGES.firstCharacter,
    });
    // Untouched fields stay quiet even though they break their rules.
    expect(selectField(form.getSnapshot(), 'email').error).toBeUndefined();
    expect(selectFormValid(form.getSnapshot())).toBe(false);
  });

  it('checks a field at once when it is left', () => {
    const form = start();
    form.send({ type: 'field.changed', field: 'email', value: 'nope' });
    form.send({ type: 'field.left', field: 'email' });
    expect(selectField(form.getSnapshot(), 'email').error).toBe(FIELD_MESSAGES.email);
    form.send({ type: 'field.changed', field: 'username', value: '9lives' });
    form.send({ type: 'field.left', field: 'username' });
    expect(selectField(form.getSnapshot(), 'username').error).toBe(
      USERNAME_MESSAGES.firstCharacter,
    );
  });

  it('leaves an empty field alone when it is passed through without an edit', () => {
    const form = start();
    form.send({ type: 'field.left', field: 'username' });
    expect(selectField(form.getSnapshot(), 'username').error).toBeUndefined();
    form.send({ type: 'field.changed', field: 'username', value: 'a' });
    form.send({ type: 'field.changed', field: 'username', value: '' });
    form.send({ type: 'field.left', field: 'username' });
    expect(selectField(form.getSnapshot(), 'username').error).toBeDefined();
  });

  it('applies cross-field rules and re-checks the partner field', () => {
    const form = start();
    form.send({ type: 'form.filled', values: { username: 'alice', email: 'a@example.com' } });
    form.send({ type: 'field.changed', field: 'confirmEmail', value: 'b@example.com' });
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs);
    expect(selectField(form.getSnapshot(), 'confirmEmail').error).toBe('Emails do not match.');
    form.send({ type: 'field.changed', field: 'email', value: 'b@example.com' });
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs);
    expect(selectField(form.getSnapshot(), 'confirmEmail').error).toBeUndefined();
    expect(selectFormValid(form.getSnapshot())).toBe(true);
  });

  it('shows every error on an early submit and sends nothing', () => {
    const submit = vi.fn(async (_values: unknown) => 'ok');
    const form = start(submit);
    form.send({ type: 'submit.pressed' });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(submit).not.toHaveBeenCalled();
    expect(selectField(form.getSnapshot(), 'username').error).toBe(
      USERNAME_MESSAGES.firstCharacter,
    );
    expect(selectField(form.getSnapshot(), 'email').error).toBe(FIELD_MESSAGES.email);
    expect(selectField(form.getSnapshot(), 'confirmEmail').error).toBe(FIELD_MESSAGES.required);
  });

  it('submits valid values and ends submitted', async () => {
    vi.useRealTimers();
    const submit = vi.fn(async (_values: unknown) => 'ok');
    const form = start(submit);
    form.send({
      type: 'form.filled',
      values: { username: 'alice', email: 'a@example.com', confirmEmail: 'a@example.com' },
    });
    form.send({ type: 'submit.pressed' });
    expect(selectSubmitting(form.getSnapshot())).toBe(true);
    await waitFor(form, (s) => s.matches('submitted'));
    expect(submit).toHaveBeenCalledWith({
      username: 'alice',
      email: 'a@example.com',
      confirmEmail: 'a@example.com',
    });
  });

  it('keeps a failed submit editable with the message and the field errors', async () => {
    vi.useRealTimers();
    const form = start(async () => {
      throw { message: 'Please fix the fields', fieldErrors: { email: 'Email in use' } };
    });
    form.send({
      type: 'form.filled',
      values: { username: 'alice', email: 'a@example.com', confirmEmail: 'a@example.com' },
    });
    form.send({ type: 'submit.pressed' });
    await waitFor(form, (s) => s.matches('editing'));
    expect(selectSubmitError(form.getSnapshot())).toBe('Please fix the fields');
    expect(selectField(form.getSnapshot(), 'email').error).toBe('Email in use');
    expect(selectFormValid(form.getSnapshot())).toBe(false);
  });

  it('takes initial values, outside errors and a reset to the values it started with', () => {
    const form = start(undefined, { initialValues: { username: 'bob', email: false } });
    expect(selectField(form.getSnapshot(), 'username').value).toBe('bob');
    form.send({ type: 'errors.arrived', errors: { username: USERNAME_MESSAGES.taken } });
    expect(selectField(form.getSnapshot(), 'username').error).toBe(USERNAME_MESSAGES.taken);
    form.send({ type: 'field.changed', field: 'username', value: 'carol' });
    form.send({ type: 'field.changed', field: 'confirmEmail', value: 'c@example.com' });
    form.send({ type: 'form.cleared' });
    expect(selectField(form.getSnapshot(), 'username')).toEqual({
      value: 'bob',
      error: undefined,
      touched: false,
    });
    // A value that is not text (a checkbox's false) starts over as itself, not as an empty text.
    expect(form.getSnapshot().context.values).toEqual({
      username: 'bob',
      email: false,
      confirmEmail: '',
    });
  });

  it('reports checked values to whoever listens', () => {
    const reported = vi.fn();
    const form = createActor(
      formMachine.provide({
        actions: { 'report checked values': (_, params) => reported(params) },
      }),
      { input },
    ).start();
    form.send({ type: 'field.changed', field: 'username', value: 'alice' });
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs);
    expect(reported).toHaveBeenLastCalledWith({
      values: { username: 'alice', email: '', confirmEmail: '' },
      valid: false,
    });
  });
});

describe('form machine: Submit while an edit waits for its check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a Submit pressed within the validation delay when the values pass, never dropping it', async () => {
    const submit = vi.fn(async (_values: unknown) => 'ok');
    const form = createActor(
      formMachine.provide({
        actors: { submit: fromPromise(({ input: i }) => submit(i.values)) },
      }),
      { input },
    ).start();
    // Errors show, then the last one is fixed and Send is clicked at once (mousedown leaves the
    // field first): the message stays put until the check, and the click is not lost.
    form.send({ type: 'submit.pressed' });
    form.send({
      type: 'form.filled',
      values: { username: 'alice', confirmEmail: 'a@example.com' },
    });
    expect(selectField(form.getSnapshot(), 'email').error).toBe(FIELD_MESSAGES.email);
    form.send({ type: 'field.changed', field: 'email', value: 'a@example.com' });
    form.send({ type: 'field.left', field: 'email' });
    expect(selectField(form.getSnapshot(), 'email').error).toBe(FIELD_MESSAGES.email);
    // The values pass: the Submit is not lost, it is sent at once.
    form.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({
      username: 'alice',
      email: 'a@example.com',
      confirmEmail: 'a@example.com',
    });
    expect(form.getSnapshot().matches('submitted')).toBe(true);
    expect(selectField(form.getSnapshot(), 'email').error).toBeUndefined();
  });

  it('a remembered Submit of values that break a rule shows every message and sends nothing', async () => {
    const submit = vi.fn(async (_values: unknown) => 'ok');
    const form = createActor(
      formMachine.provide({
        actors: { submit: fromPromise(({ input: i }) => submit(i.values)) },
      }),
      { input },
    ).start();
    form.send({ type: 'field.changed', field: 'email', value: 'nope' });
    form.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    expect(submit).not.toHaveBeenCalled();
    expect(form.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(selectField(form.getSnapshot(), 'email').error).toBe(FIELD_MESSAGES.email);
    expect(selectField(form.getSnapshot(), 'confirmEmail').error).toBe(FIELD_MESSAGES.required);
  });
});
