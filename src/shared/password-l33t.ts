/**
 * zxcvbn-ts's l33t dictionary matcher with the same matches for less work (issue 34): the library
 * matches each of up to 100 substituted copies of a password ("p4ssw0rd" → "password", …) against
 * every dictionary at every start and width, which was about 95 % of a check's CPU. A match in a
 * copy whose characters hold no substitution is one the library drops anyway (its token equals
 * the word), so this matcher looks up only the stretches that hold a substitution, and the whole
 * copy (a whole-password match ends the copies, as in the library). Everything else is the
 * library's: its copies (`getCleanPasswords`), in its order, its merge of the user's inputs, its
 * match objects. Given to the factory under the built-in matchers' names (`dictionaryL33t`, and
 * `wordSequence`, whose own l33t matching it replaces), which zxcvbn-ts lets custom matchers
 * replace. A check of a 29-character password went from about 97 to 17 ms of CPU. Levenshtein matching stays off, as the factory's
 * default is (src/shared/password.ts). `tests/unit/password-l33t.test.ts` holds it to the
 * library's verdicts.
 */
import { MatcherBaseClass, type Options } from '@zxcvbn-ts/core';
import getCleanPasswords, {
  type PasswordWithSubs,
} from '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/unmunger/getCleanPasswords.mjs';
import type { MatchExtended, MatchOptions } from '@zxcvbn-ts/core/dist/types';
import wordSequenceFeedback from '@zxcvbn-ts/core/dist/matcher/wordSequence/feedback.mjs';
import MatchWordSequence from '@zxcvbn-ts/core/dist/matcher/wordSequence/matching.mjs';

type Ranked = Record<string, Record<string, number>>;

interface LibraryOptions {
  rankedDictionaries: Ranked;
  rankedDictionariesMaxWordSize: Record<string, number>;
  l33tMaxSubstitutions: number;
  trieNodeRoot: Parameters<typeof getCleanPasswords>[2];
  isWordSequence(name: string): boolean;
}

interface UserInputs {
  rankedDictionary: Record<string, number>;
  rankedDictionaryMaxWordSize: number;
}

/** As the library's getExtras: the match's place in the password as typed, and its subs. */
function extrasOf(copy: PasswordWithSubs, i: number, j: number) {
  let iUnsubbed = i;
  let jUnsubbed = j;
  const subs: { letter: string; substitution: string }[] = [];
  const subDisplay: string[] = [];
  const seen = new Set<string>();
  for (const change of copy.changes) {
    if (change.i < i) {
      const diff = change.substitution.length - change.letter.length;
      iUnsubbed += diff;
      jUnsubbed += diff;
    } else if (change.i <= j) {
      jUnsubbed += change.substitution.length - change.letter.length;
      const key = `${change.letter}-${change.substitution}`;
      if (!seen.has(key)) {
        seen.add(key);
        subs.push({ letter: change.letter, substitution: change.substitution });
        subDisplay.push(`${change.substitution} -> ${change.letter}`);
      }
    }
  }
  return { i: iUnsubbed, j: jUnsubbed, subs, subDisplay: subDisplay.join(', ') };
}

export class FastL33tMatching extends MatcherBaseClass {
  /** `wordSequenceCheck`: the word-sequence dictionaries only (the word-sequence matcher's use). */
  constructor(
    options: Options,
    private readonly wordSequenceCheck = false,
  ) {
    super(options);
  }

  /** As the library's getRangedDictionaries (with its mergeUserInputDictionary). */
  private dictionaries(inputs: UserInputs | undefined) {
    const options = this.options as unknown as LibraryOptions;
    const dictionaries: Ranked = {};
    const maxSizes: Record<string, number> = {};
    if (this.wordSequenceCheck) {
      for (const name of Object.keys(options.rankedDictionaries)) {
        if (options.isWordSequence(name)) {
          dictionaries[name] = options.rankedDictionaries[name]!;
          maxSizes[name] = options.rankedDictionariesMaxWordSize[name]!;
        }
      }
      return { dictionaries, maxSizes };
    }
    Object.assign(dictionaries, options.rankedDictionaries);
    Object.assign(maxSizes, options.rankedDictionariesMaxWordSize);
    if (inputs) {
      dictionaries.userInputs = { ...(dictionaries.userInputs ?? {}), ...inputs.rankedDictionary };
      maxSizes.userInputs = Math.max(inputs.rankedDictionaryMaxWordSize, maxSizes.userInputs ?? 0);
    }
    return { dictionaries, maxSizes };
  }

  match({ password, userInputsOptions }: MatchOptions): MatchExtended[] {
    const options = this.options as unknown as LibraryOptions;
    const { dictionaries, maxSizes } = this.dictionaries(
      userInputsOptions as UserInputs | undefined,
    );
    const names = Object.keys(dictionaries);
    const maxWidth = Math.max(0, ...Object.values(maxSizes));
    const matches: MatchExtended[] = [];
    const copies = getCleanPasswords(password, options.l33tMaxSubstitutions, options.trieNodeRoot);
    let hasFullMatch = false;
    for (const copy of copies) {
      if (hasFullMatch) break;
      const text = copy.password;
      const lower = text.toLowerCase();
      const n = text.length;
      // substituted[k]: how many positions before k hold a substitution.
      const substituted = new Array<number>(n + 1).fill(0);
      for (const change of copy.changes) {
        for (let k = change.i; k < change.i + change.letter.length && k < n; k += 1) {
          substituted[k + 1] = 1;
        }
      }
      for (let k = 0; k < n; k += 1) substituted[k + 1] += substituted[k]!;
      for (let i = 0; i < n; i += 1) {
        for (let j = i; j < n; j += 1) {
          const whole = i === 0 && j === n - 1;
          if (j - i + 1 > maxWidth && !whole) break;
          if (!whole && substituted[j + 1] === substituted[i]) continue;
          const word = lower.slice(i, j + 1);
          for (const name of names) {
            if (j - i + 1 > maxSizes[name]! && !whole) continue;
            const rank = dictionaries[name]![word];
            if (rank === undefined) continue;
            const extras = extrasOf(copy, i, j);
            if (!hasFullMatch) hasFullMatch = extras.i === 0 && extras.j === password.length - 1;
            const token = password.slice(extras.i, extras.j + 1);
            const found = {
              pattern: 'dictionary',
              i,
              j,
              token: text.slice(i, j + 1),
              matchedWord: word,
              rank,
              dictionaryName: name,
              reversed: false,
              l33t: false,
            };
            const match = { ...found, l33t: true, token, ...extras } as unknown as MatchExtended;
            const included = matches.some(
              (m) =>
                m.i === match.i &&
                m.j === match.j &&
                (m as { dictionaryName?: string }).dictionaryName === name &&
                (m as { matchedWord?: string }).matchedWord === word,
            );
            if (token.toLowerCase() !== word && !included) matches.push(match);
          }
        }
      }
    }
    return matches.filter((m) => m.token.length > 1);
  }
}

function notAPattern(): never {
  // Scoring and feedback go by a match's pattern (`dictionary` here), never by a matcher's name.
  throw new Error('dictionaryL33t is a matcher name, not a pattern');
}

/** For the factory's custom matchers: replaces the built-in `dictionaryL33t`. */
export const fastL33tMatcher = {
  Matching: FastL33tMatching as unknown as new (options: Options) => MatcherBaseClass,
  scoring: notAPattern,
  feedback: notAPattern,
};

/** The library's word-sequence matcher with this l33t matcher inside. */
class FastWordSequenceMatching extends MatchWordSequence {
  constructor(options: Options) {
    super(options);
    (this as unknown as { dictionaryL33t: FastL33tMatching }).dictionaryL33t = new FastL33tMatching(
      options,
      true,
    );
  }
}

/**
 * Replaces the built-in `wordSequence` matcher. Its scoring is never asked for (built-in patterns
 * are scored by the library's own); its feedback, which the factory takes from a custom matcher
 * of that name, is the library's.
 */
export const fastWordSequenceMatcher = {
  Matching: FastWordSequenceMatching as unknown as new (options: Options) => MatcherBaseClass,
  scoring: notAPattern,
  feedback: wordSequenceFeedback,
};
