/**
 * Password rules (portal.md §5, signup.md §5), the same in the browser and on the server:
 * 12 to 127 characters, zxcvbn score times 25 must reach 100, the confirmation must match, and a
 * new password must differ from the current one (which must be given when it is asked for).
 *
 * The strength check needs zxcvbn's dictionaries (about 840 KB gzip). They are loaded with dynamic
 * `import()` on first use, so the browser fetches them in their own lazy chunks and only when a
 * password field is used; Node loads them the same way.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIRED_STRENGTH,
  PASSWORD_SCORE_FACTOR,
} from './constants.ts';
import { PASSWORD_MESSAGES } from './messages/account.ts';

export interface PasswordStrength {
  /** zxcvbn's score, 0 to 4. */
  score: number;
  /** score times {@link PASSWORD_SCORE_FACTOR}: 0 to 100. */
  strength: number;
  strongEnough: boolean;
  /** zxcvbn's feedback, in English. */
  warning: string | null;
  suggestions: string[];
}

export type PasswordChecker = (
  password: string,
  userInputs?: readonly string[],
) => PasswordStrength;

let checker: Promise<PasswordChecker> | undefined;

/** Loads zxcvbn and its English and common dictionaries once; later calls share the result. */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en, fast] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('./password-l33t.ts'),
    ]);
    const factory: ZxcvbnFactory = new Factory(
      {
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      },
      // The same matches as the built-in l33t matching, several times cheaper (password-l33t.ts).
      { dictionaryL33t: fast.fastL33tMatcher, wordSequence: fast.fastWordSequenceMatcher },
    );
    return (password: string, userInputs: readonly string[] = []) => {
      const result = factory.check(password, [...userInputs]);
      const strength = result.score * PASSWORD_SCORE_FACTOR;
      return {
        score: result.score,
        strength,
        strongEnough: strength >= PASSWORD_REQUIRED_STRENGTH,
        warning: result.feedback.warning,
        suggestions: result.feedback.suggestions,
      };
    };
  })();
  // A failed load (a network error in the browser) may be retried by the next call.
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** zxcvbn's verdict; `userInputs` (username, name, email) count as easy to guess. */
export async function passwordStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordStrength> {
  return (await loadPasswordChecker())(password, userInputs);
}

/** The length rule alone: "Password too short." / "Password too long." or undefined. */
export function passwordLengthError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return undefined;
}

export interface NewPasswordInput {
  password: string;
  /** Checked against `password` when given. */
  confirmation?: string;
  /** Checked when given (a change of password): must be non-empty and differ from `password`. */
  currentPassword?: string;
  /** Words that make a password easy to guess here: username, names, email. */
  userInputs?: readonly string[];
}

/** Which input each message belongs to. */
export interface PasswordProblems {
  current?: string;
  password?: string;
  confirmation?: string;
}

/** The checks that need no dictionaries: current password given, length, difference, match. */
export function quickPasswordProblems(input: NewPasswordInput): PasswordProblems {
  const problems: PasswordProblems = {};
  if (input.currentPassword !== undefined && input.currentPassword === '') {
    problems.current = PASSWORD_MESSAGES.currentRequired;
  }
  const lengthError = passwordLengthError(input.password);
  if (lengthError) problems.password = lengthError;
  else if (input.currentPassword && input.currentPassword === input.password) {
    problems.password = PASSWORD_MESSAGES.mustDiffer;
  }
  if (input.confirmation !== undefined && input.confirmation !== input.password) {
    problems.confirmation = PASSWORD_MESSAGES.mismatch;
  }
  return problems;
}

/** Every rule, including strength; an empty object means the new password is acceptable. */
export async function newPasswordProblems(input: NewPasswordInput): Promise<PasswordProblems> {
  const problems = quickPasswordProblems(input);
  if (!problems.password) {
    const { strongEnough } = await passwordStrength(input.password, input.userInputs);
    if (!strongEnough) problems.password = PASSWORD_MESSAGES.scoreTooLow;
  }
  return problems;
}
