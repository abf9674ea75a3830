/** The password generator's registration: path samples, projection and state checks. */
import { PASSWORD_GENERATOR } from '#shared/constants';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { generatePassphrase, type RandomInt } from './generate.ts';
import { passgenMachine } from './passgen.machine.ts';
import {
  selectCanGenerate,
  selectCopyState,
  selectResult,
  selectWordRows,
} from './passgen.selectors.ts';

const WORDS = [
  'acorn',
  'banjo',
  'cactus',
  'dolphin',
  'ember',
  'falcon',
  'glacier',
  'harbor',
  'igloo',
  'jasmine',
  'kettle',
  'lantern',
  'meadow',
  'nectar',
  'orchid',
];

/**
 * A random source that answers a script, checking that each draw is over the range signup.md
 * §9 gives it: each of the 4 parts one of the 10 digits and 24 symbols (34), each placed in one
 * of the gaps between and around the words and parts so far (4, 5, 6, 7).
 */
function scripted(draws: readonly (readonly [below: number, answer: number])[]): RandomInt {
  let next = 0;
  return (below) => {
    const [expected, answer] = draws[next] ?? [NaN, NaN];
    next += 1;
    if (below !== expected) throw new Error(`draw ${next} was over ${below}, not ${expected}`);
    return answer;
  };
}
const DIGITS = '0123456789';
const { symbols } = PASSWORD_GENERATOR;
/**
 * The password made from acorn, banjo and cactus: four symbols are drawn again (no digit), then
 * four digits (no symbol), then 7, 9, 4 and "/" (at least 2 digits and 1 symbol), placed first,
 * last, after acorn and last.
 */
const PASSWORD_DRAWS = [
  ...[0, 1, 2, 3].map((i) => [34, DIGITS.length + i] as const),
  ...[0, 1, 2, 3].map((i) => [34, i] as const),
  [34, 7],
  [34, 9],
  [34, 4],
  [34, DIGITS.length + symbols.indexOf('/')],
  [4, 0],
  [5, 4],
  [6, 2],
  [7, 6],
] as const;
const PASSWORD = '7acorn4banjocactus9/';

/** Picking a word chooses it, picking it again unchooses it. */
function picks(to: string) {
  const toggle = (chosen: number[], index: number) =>
    chosen.includes(index) ? chosen.filter((i) => i !== index) : [...chosen, index].sort();
  return Object.fromEntries(
    ['pick acorn', 'pick banjo', 'pick cactus'].map((label, index) => [
      label,
      ({ chosen }: { chosen: number[] }) => ({ to, with: { chosen: toggle(chosen, index) } }),
    ]),
  );
}

export const passgenModel = defineMachine({
  name: 'passgen',
  title: 'Password generator',
  description:
    'Helps a user make a strong password they can remember. Fifteen random words show in a grid ' +
    'of five rows and three columns; the user picks at least three, in the order they like, and ' +
    'the Generate button stays disabled until then. The password is the chosen words with four ' +
    'random digits or symbols mixed in (at least two digits and one symbol). A button copies it.',
  machine: passgenMachine,
  events: [
    sample('words arrive', { type: 'xstate.done.actor.fetchWords', output: WORDS }),
    sample('words fail', {
      type: 'xstate.error.actor.fetchWords',
      error: { message: 'Timed out when trying to contact server' },
    }),
    sample('try again', { type: 'retry.pressed' }),
    sample('pick acorn', { type: 'word.toggled', index: 0 }),
    sample('pick banjo', { type: 'word.toggled', index: 1 }),
    sample('pick cactus', { type: 'word.toggled', index: 2 }),
    sample('press Generate', { type: 'generate.pressed' }),
    sample('password made', {
      type: 'xstate.done.actor.generatePassword',
      output: generatePassphrase(['acorn', 'banjo', 'cactus'], scripted(PASSWORD_DRAWS)),
    }),
    sample('password fails', { type: 'xstate.error.actor.generatePassword', error: {} }),
    sample('press Copy', { type: 'copy.pressed' }),
    sample('copied', { type: 'xstate.done.actor.copyToClipboard' }),
    sample('clipboard refused', { type: 'xstate.error.actor.copyToClipboard', error: {} }),
    sample('ask for new words', { type: 'new.words.pressed' }),
  ],
  project: ({ context }) => ({ chosen: [...context.chosen].sort(), words: context.words.length }),
  limit: 2000,
  // signup.md §9: 15 words; at least 3 chosen before a password can be generated.
  expect: {
    // The 15 words are asked for first (portal.md §9): none yet, none chosen.
    start: { to: 'loading', with: { chosen: [], words: 0 } },
    on: {
      loading: {
        'words arrive': {
          to: 'choosing',
          with: { chosen: [], words: PASSWORD_GENERATOR.wordCount },
        },
        'words fail': 'failed',
      },
      failed: { 'try again': 'loading' },
      choosing: {
        ...picks('choosing'),
        'press Generate': ({ chosen }) =>
          chosen.length >= PASSWORD_GENERATOR.minimumChosen ? 'generating' : 'ignored',
        'ask for new words': 'loading',
      },
      generating: { 'password made': 'generated.shown', 'password fails': 'choosing' },
      generated: {
        ...picks('choosing'),
        'press Generate': 'generating',
        'press Copy': 'generated.copying',
        'ask for new words': 'loading',
      },
      'generated.copying': {
        copied: 'generated.copied',
        'clipboard refused': 'generated.copyFailed',
      },
    },
  },
  states: {
    loading: (snapshot) => {
      expectThat(!selectCanGenerate(snapshot), 'Generate should be disabled while loading');
    },
    failed: (snapshot) => {
      expectThat(!selectCanGenerate(snapshot), 'Generate should be disabled');
    },
    choosing: (snapshot) => {
      const rows = selectWordRows(snapshot);
      expectThat(rows.length === PASSWORD_GENERATOR.rows, 'the grid should have 5 rows');
      expectThat(
        rows.every((row) => row.length === PASSWORD_GENERATOR.columns),
        'every row should have 3 words',
      );
      expectThat(
        selectCanGenerate(snapshot) ===
          snapshot.context.chosen.length >= PASSWORD_GENERATOR.minimumChosen,
        'Generate should be enabled exactly when 3 words are chosen',
      );
    },
    generating: (snapshot) => {
      expectThat(
        snapshot.context.chosen.length >= PASSWORD_GENERATOR.minimumChosen,
        'only 3 or more words generate',
      );
    },
    'generated.shown': (snapshot) => {
      expectThat(
        selectResult(snapshot) === PASSWORD,
        `the password made of the words and the drawn parts (${PASSWORD}) should show`,
      );
      expectThat(selectCopyState(snapshot) === 'idle', 'nothing copied yet');
    },
    'generated.copying': (snapshot) => {
      expectThat(selectCopyState(snapshot) === 'copying', 'the copy should be under way');
    },
    'generated.copied': (snapshot) => {
      expectThat(selectCopyState(snapshot) === 'copied', 'the copy should be confirmed');
    },
    'generated.copyFailed': (snapshot) => {
      expectThat(selectCopyState(snapshot) === 'failed', 'the refused copy should show');
    },
  },
});
