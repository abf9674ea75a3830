/**
 * The password generator (signup.md §2 "Password generator", §5): 15 words from the server
 * (GET /passgen/15) in a 5 by 3 grid; the user picks at least 3; Generate stays disabled until
 * then; the result adds 4 random digit or symbol parts; a copy button puts it on the clipboard.
 * Fetching, generating (the randomness) and copying are named actors so the app provides them and
 * tests fix them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PASSWORD_GENERATOR } from '#shared/constants';
import { cryptoRandomInt, generatePassphrase } from './generate.ts';

export interface PassgenContext {
  words: string[];
  /** Indexes into `words`, in the order they were picked. */
  chosen: number[];
  result: string | null;
  error: string | null;
}

export type PassgenEvent =
  | { type: 'word.toggled'; index: number }
  | { type: 'generate.pressed' }
  | { type: 'copy.pressed' }
  | { type: 'new.words.pressed' }
  | { type: 'retry.pressed' }
  /** The answers of the words and the password the machine follows. */
  | { type: 'xstate.done.actor.fetchWords'; output: string[] }
  | { type: 'xstate.error.actor.fetchWords'; error: unknown }
  | { type: 'xstate.done.actor.generatePassword'; output: string }
  | { type: 'xstate.error.actor.generatePassword'; error: unknown };

export const passgenMachine = setup({
  types: {
    context: {} as PassgenContext,
    events: {} as PassgenEvent,
  },
  actors: {
    /** GET /passgen/15. */
    fetchWords: fromPromise<string[]>(async () => {
      throw new Error('fetchWords is provided by the app');
    }),
    /** The randomness: the chosen words plus 4 random parts. */
    generatePassword: fromPromise<string, { words: string[] }>(async ({ input }) =>
      generatePassphrase(input.words, cryptoRandomInt),
    ),
    /** Puts the result on the clipboard. */
    copyToClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyToClipboard is provided by the app');
    }),
  },
  actions: {
    'store words': assign({
      words: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.fetchWords');
        return (event.output ?? []).slice(0, PASSWORD_GENERATOR.wordCount);
      },
      chosen: [],
      result: null,
      error: null,
    }),
    'store failure': assign({
      error: ({ event }) => {
        assertEvent(event, [
          'xstate.error.actor.fetchWords',
          'xstate.error.actor.generatePassword',
        ]);
        const message = (event.error as { message?: unknown } | null)?.message;
        return typeof message === 'string' && message ? message : null;
      },
    }),
    'toggle the word': assign({
      chosen: ({ context, event }) => {
        if (event.type !== 'word.toggled') return context.chosen;
        if (context.chosen.includes(event.index))
          return context.chosen.filter((i) => i !== event.index);
        return event.index >= 0 && event.index < context.words.length
          ? [...context.chosen, event.index]
          : context.chosen;
      },
    }),
    'store result': assign({
      result: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.generatePassword');
        return event.output ?? null;
      },
    }),
  },
  guards: {
    'enough words are chosen': ({ context }) =>
      context.chosen.length >= PASSWORD_GENERATOR.minimumChosen,
  },
}).createMachine({
  id: 'passgen',
  description:
    'Builds a memorable password from words the user picks, with digits and symbols added at random.',
  context: { words: [], chosen: [], result: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fifteen words are being fetched.',
      invoke: {
        id: 'fetchWords',
        src: 'fetchWords',
        onDone: { target: 'choosing', actions: 'store words' },
        onError: { target: 'failed', actions: 'store failure' },
      },
    },
    failed: {
      description: 'The words could not be fetched; the user can try again.',
      on: { 'retry.pressed': 'loading' },
    },
    choosing: {
      description:
        'The 5 by 3 grid of words: the user picks at least 3; Generate is disabled until then.',
      on: {
        'word.toggled': { actions: 'toggle the word' },
        'generate.pressed': { guard: 'enough words are chosen', target: 'generating' },
        'new.words.pressed': 'loading',
      },
    },
    generating: {
      description: 'The password is put together from the chosen words and random parts.',
      invoke: {
        id: 'generatePassword',
        src: 'generatePassword',
        input: ({ context }) => ({ words: context.chosen.map((i) => context.words[i]) }),
        onDone: { target: 'generated', actions: 'store result' },
        onError: { target: 'choosing', actions: 'store failure' },
      },
    },
    generated: {
      description: 'The password is shown with a copy button.',
      initial: 'shown',
      on: {
        'word.toggled': { target: 'choosing', actions: 'toggle the word' },
        'generate.pressed': { guard: 'enough words are chosen', target: 'generating' },
        'new.words.pressed': 'loading',
      },
      states: {
        shown: {
          description: 'The password waits to be copied.',
          on: { 'copy.pressed': 'copying' },
        },
        copying: {
          description: 'The password is being put on the clipboard.',
          invoke: {
            id: 'copyToClipboard',
            src: 'copyToClipboard',
            input: ({ context }) => ({ text: context.result ?? '' }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: 'The password is on the clipboard.',
          on: { 'copy.pressed': 'copying' },
        },
        copyFailed: {
          description: 'The browser refused the clipboard: the user can select the text instead.',
          on: { 'copy.pressed': 'copying' },
        },
      },
    },
  },
});
