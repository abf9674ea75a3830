import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import {
  loadPasswordChecker,
  newPasswordProblems,
  passwordLengthError,
  passwordStrength,
  quickPasswordProblems,
} from '../../src/shared/password.ts';
import { usernameError } from '../../src/shared/schemas/username.ts';

describe('username rules', () => {
  it.each([
    ['', USERNAME_MESSAGES.firstCharacter],
    ['1abc', USERNAME_MESSAGES.firstCharacter],
    ['Abc', USERNAME_MESSAGES.firstCharacter],
    ['ab', USERNAME_MESSAGES.tooShort],
    [`a${'b'.repeat(48)}`, USERNAME_MESSAGES.tooLong],
    ['ab c', USERNAME_MESSAGES.characters],
    ['abC', USERNAME_MESSAGES.characters],
  ])('"%s" is refused: %s', (username, message) => {
    expect(usernameError(username)).toBe(message);
  });

  it.each(['abc', 'demo', 'a-b_c9', `a${'b'.repeat(47)}`])('"%s" is a valid username', (u) => {
    expect(usernameError(u)).toBeUndefined();
  });
});

describe('password rules', () => {
  it('checks the length: 12 to 127 characters', () => {
    expect(passwordLengthError('a'.repeat(11))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordLengthError('a'.repeat(12))).toBeUndefined();
    expect(passwordLengthError('a'.repeat(127))).toBeUndefined();
    expect(passwordLengthError('a'.repeat(128))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('asks for the current password and a different new one', () => {
    expect(quickPasswordProblems({ password: 'Granite-Orchard-58', currentPassword: '' })).toEqual({
      current: PASSWORD_MESSAGES.currentRequired,
    });
    expect(
      quickPasswordProblems({
        password: 'Granite-Orchard-58',
        currentPassword: 'Granite-Orchard-58',
      }),
    ).toEqual({ password: PASSWORD_MESSAGES.mustDiffer });
    expect(
      quickPasswordProblems({ password: 'Granite-Orchard-58', confirmation: 'Granite-Orchard-59' }),
    ).toEqual({ confirmation: PASSWORD_MESSAGES.mismatch });
  });

  it('needs zxcvbn score times 25 to reach 100', async () => {
    expect(await newPasswordProblems({ password: 'password1234' })).toEqual({
      password: PASSWORD_MESSAGES.scoreTooLow,
    });
    expect(await newPasswordProblems({ password: 'Granite-Orchard-Velvet-58' })).toEqual({});
    const weak = await passwordStrength('password1234');
    expect(weak.strength).toBe(weak.score * 25);
    expect(weak.strongEnough).toBe(false);
  });

  it('counts the user inputs as guessable', async () => {
    const alone = await passwordStrength('ridgelinefiber2024');
    const withInputs = await passwordStrength('ridgelinefiber2024', ['ridgelinefiber']);
    expect(withInputs.score).toBeLessThanOrEqual(alone.score);
    expect(withInputs.score).toBeLessThan(4);
  });

  it('loads the dictionaries once', async () => {
    expect(await loadPasswordChecker()).toBe(await loadPasswordChecker());
  });
});
