import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import type { PasswordStrength } from '../../src/shared/password.ts';
import { passwordMachine, type PasswordInput } from '../../machines/forms/password.machine.ts';
import {
  selectPasswordError,
  selectPasswordSubmitError,
  selectPasswordUsernameError,
  selectPasswordValid,
  selectStrength,
  selectStrengthAdvice,
  selectStrengthPending,
} from '../../machines/forms/password.selectors.ts';

const STRONG = 'violet-harbor-quietly-72';
const WEAK = 'passwordpassword';

function verdict(password: string): PasswordStrength {
  const score = password === STRONG ? 4 : 1;
  return {
    score,
    strength: score * 25,
    strongEnough: score === 4,
    warning: score === 4 ? null : 'This is a very common password.',
    suggestions: score === 4 ? [] : ['Add more words that are less common.'],
  };
}

describe('password machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(
    input: PasswordInput = {},
    submit: (values: {
      password: string;
      current: string;
      username: string;
    }) => Promise<unknown> = vi.fn(async () => 'ok'),
  ) {
    const measured = vi.fn();
    const announced: string[] = [];
    const actor = createActor(
      passwordMachine.provide({
        actors: {
          checkStrength: fromPromise(async ({ input: i }) => {
            measured(i.password, i.userInputs);
            return verdict(i.password);
          }),
          submit: fromPromise(({ input: i }) => submit(i)),
        },
        actions: { 'announce the change': () => announced.push('changed') },
      }),
      { input },
    ).start();
    const type = (field: 'current' | 'password' | 'confirmation', value: string) =>
      actor.send({ type: 'field.changed', field, value });
    return { actor, type, measured, submit, announced, snap: () => actor.getSnapshot() };
  }

  it('shows the length rule after the input-validation delay', () => {
    const { type, snap } = start();
    type('password', 'short');
    expect(selectPasswordError(snap(), 'password')).toBeUndefined();
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs);
    expect(selectPasswordError(snap(), 'password')).toBe(PASSWORD_MESSAGES.tooShort);
    type('password', 'x'.repeat(128));
    vi.advanceTimersByTime(TIMERS.inputValidationDelayMs);
    expect(selectPasswordError(snap(), 'password')).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('measures the strength only after the suggestion debounce, with danger and warning advice', async () => {
    const { type, snap, measured } = start({ userInputs: ['alice'] });
    type('password', WEAK.slice(0, 8));
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs - 100);
    type('password', WEAK);
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs - 100);
    expect(measured).not.toHaveBeenCalled();
    expect(selectStrengthPending(snap())).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(measured).toHaveBeenCalledExactlyOnceWith(WEAK, ['alice']);
    expect(selectStrength(snap())).toBe(25);
    expect(selectStrengthAdvice(snap())).toEqual([
      { kind: 'danger', text: 'This is a very common password.' },
      { kind: 'warning', text: 'Add more words that are less common.' },
    ]);
    expect(selectPasswordError(snap(), 'password')).toBe(PASSWORD_MESSAGES.scoreTooLow);
    expect(selectPasswordValid(snap())).toBe(false);
  });

  it('typing the confirmation does not restart the strength debounce', async () => {
    const { type, measured } = start();
    type('password', STRONG);
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs - 100);
    type('confirmation', STRONG);
    await vi.advanceTimersByTimeAsync(100);
    expect(measured).toHaveBeenCalledOnce();
  });

  it('requires the confirmation to match', async () => {
    const { type, snap } = start();
    type('password', STRONG);
    type('confirmation', `${STRONG}x`);
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs);
    expect(selectPasswordError(snap(), 'confirmation')).toBe(PASSWORD_MESSAGES.mismatch);
    type('confirmation', STRONG);
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    expect(selectPasswordError(snap(), 'confirmation')).toBeUndefined();
    expect(selectPasswordValid(snap())).toBe(true);
  });

  it('asks for the current password and a different new one on a change', async () => {
    const { type, snap, actor, submit } = start({ requireCurrent: true });
    type('password', STRONG);
    type('confirmation', STRONG);
    actor.send({ type: 'submit.pressed' });
    expect(selectPasswordError(snap(), 'current')).toBe(PASSWORD_MESSAGES.currentRequired);
    type('current', STRONG);
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs);
    expect(selectPasswordError(snap(), 'password')).toBe(PASSWORD_MESSAGES.mustDiffer);
    actor.send({ type: 'submit.pressed' });
    expect(submit).not.toHaveBeenCalled();
  });

  it('once accepted, says so; a change that can be made again starts over (the account page)', async () => {
    const { type, snap, actor, announced } = start({
      requireCurrent: true,
      startOverWhenDone: true,
    });
    type('current', 'the-old-password');
    type('password', STRONG);
    type('confirmation', STRONG);
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(announced).toEqual(['changed']);
    expect(snap().matches('editing')).toBe(true);
    expect(snap().context.values).toEqual({ current: '', password: '', confirmation: '' });
    expect(selectPasswordSubmitError(snap())).toBeNull();
  });

  it('sends the username the page names, and shows the server refusing it', async () => {
    const submit = vi.fn(async () => {
      throw { fieldErrors: { username: 'This link was sent for another username.' } };
    });
    const { type, snap, actor, announced } = start({}, submit);
    actor.send({ type: 'username.changed', username: 'dana-demo' });
    type('password', STRONG);
    type('confirmation', STRONG);
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).toHaveBeenCalledWith({ password: STRONG, current: '', username: 'dana-demo' });
    expect(selectPasswordUsernameError(snap())).toBe('This link was sent for another username.');
    expect(announced).toEqual([]);
    actor.send({ type: 'username.changed', username: 'dana' });
    expect(selectPasswordUsernameError(snap())).toBeNull();
  });

  it('a submit before the strength is known measures at once and then sends', async () => {
    const { type, snap, actor, submit } = start({ requireCurrent: true });
    type('current', 'the-old-password');
    type('password', STRONG);
    type('confirmation', STRONG);
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).toHaveBeenCalledWith({
      password: STRONG,
      current: 'the-old-password',
      username: '',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(snap().matches('submitted')).toBe(true);
  });

  it('a submit with a weak password shows the score message and sends nothing', async () => {
    const { type, snap, actor, submit } = start();
    type('password', WEAK);
    type('confirmation', WEAK);
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(submit).not.toHaveBeenCalled();
    expect(snap().matches('editing')).toBe(true);
    expect(selectPasswordError(snap(), 'password')).toBe(PASSWORD_MESSAGES.scoreTooLow);
  });

  it('keeps the server refusal and stays editable', async () => {
    const { type, snap, actor } = start(
      { requireCurrent: true },
      vi.fn(async () => {
        throw {
          message: 'Please correct the password',
          fieldErrors: { current: 'The current password is wrong' },
        };
      }),
    );
    type('current', 'the-old-password');
    type('password', STRONG);
    type('confirmation', STRONG);
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs);
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(snap().matches({ editing: { strength: 'measured' } })).toBe(true);
    expect(selectPasswordSubmitError(snap())).toBe('Please correct the password');
    expect(selectPasswordError(snap(), 'current')).toBe('The current password is wrong');
  });

  it('takes a generated password in both boxes and measures it at once', async () => {
    const { snap, actor, measured } = start();
    actor.send({ type: 'suggestion.used', password: STRONG });
    await vi.advanceTimersByTimeAsync(0);
    expect(measured).toHaveBeenCalledWith(STRONG, []);
    expect(selectPasswordValid(snap())).toBe(true);
  });

  it('an unavailable strength check blocks the submit but lets the user retry', async () => {
    let fail = true;
    const actor = createActor(
      passwordMachine.provide({
        actors: {
          checkStrength: fromPromise(async ({ input }) => {
            if (fail) throw new Error('offline');
            return verdict(input.password);
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'suggestion.used', password: STRONG });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ editing: { strength: 'unavailable' } })).toBe(true);
    expect(selectPasswordValid(actor.getSnapshot())).toBe(false);
    fail = false;
    actor.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('submitted')).toBe(true);
  });
});
