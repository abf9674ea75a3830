/**
 * The recovery link's page (/password-update/{id}): one Submit checks the username first, then
 * sends the new password with it; a username the server refuses shows under its field.
 */
import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { UpdatePasswordSchema } from '../../src/shared/session/schemas.ts';
import { selectFieldError } from '../../machines/forms/form.selectors.ts';
import { passwordMachine } from '../../machines/forms/password.machine.ts';
import {
  selectPasswordSubmitted,
  selectPasswordUsernameError,
} from '../../machines/forms/password.selectors.ts';
import { passwordUpdateMachine } from '../../machines/session/password-update.machine.ts';
import {
  selectNewPassword,
  selectUsernameForm,
} from '../../machines/session/password-update.selectors.ts';
import { STRONG, STRONG_PASSWORD } from '../../machines/signup/order-samples.ts';

const MISMATCH = 'This link was sent for another username.';

function start(answer: (values: { username: string; password: string }) => Promise<unknown>) {
  const sent: { username: string; password: string }[] = [];
  const strengthFor: string[][] = [];
  const update = createActor(
    passwordUpdateMachine.provide({
      actors: {
        password: passwordMachine.provide({
          actors: {
            checkStrength: fromPromise(async ({ input }) => {
              strengthFor.push([...input.userInputs]);
              return STRONG;
            }),
            submit: fromPromise(async ({ input }) => {
              sent.push({ username: input.username, password: input.password });
              return answer(input);
            }),
          },
        }),
      },
    }),
    { input: { fields: { username: UpdatePasswordSchema.entries.username } } },
  ).start();
  const username = selectUsernameForm(update.getSnapshot())!;
  const password = selectNewPassword(update.getSnapshot())!;
  const fill = async (name: string) => {
    username.send({ type: 'field.changed', field: 'username', value: name });
    password.send({ type: 'field.changed', field: 'password', value: STRONG_PASSWORD });
    password.send({ type: 'field.changed', field: 'confirmation', value: STRONG_PASSWORD });
    await vi.advanceTimersByTimeAsync(TIMERS.passwordSuggestionDebounceMs);
  };
  return { update, username, password, sent, strengthFor, fill };
}

describe('password update (recovery link)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the username first: without one, nothing is sent', async () => {
    const { update, username, sent, fill } = start(async () => ({}));
    await fill('');
    update.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFieldError(username.getSnapshot(), 'username')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(update.getSnapshot().matches('editing')).toBe(true);
  });

  it('then sends the new password with the username; the username counts against the strength', async () => {
    const { update, password, sent, strengthFor, fill } = start(async () => ({ msg: 'ok' }));
    await fill('dana-demo');
    update.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ username: 'dana-demo', password: STRONG_PASSWORD }]);
    expect(strengthFor.at(-1)).toEqual(['dana-demo']);
    expect(selectPasswordSubmitted(password.getSnapshot())).toBe(true);
  });

  it('a username the server refuses for this link shows under the username field', async () => {
    const { update, username, password, fill } = start(async () => {
      throw { fieldErrors: { username: MISMATCH } };
    });
    await fill('someone-else');
    update.send({ type: 'submit.pressed' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPasswordUsernameError(password.getSnapshot())).toBe(MISMATCH);
    expect(selectFieldError(username.getSnapshot(), 'username')).toBe(MISMATCH);
  });
});
