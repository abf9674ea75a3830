/**
 * A small machine that uses everything the runner must handle (an invoked actor with done and
 * error, a named delay, an eventless choice, nested, parallel and final states), for the tests
 * of the runner itself. Not part of the product.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  defineMachine,
  expectThat,
  sample,
  type MachineEntry,
} from '../../../machines/registry.ts';

export const lookupMachine = setup({
  types: {
    context: {} as { text: string; matches: string[] },
    events: {} as
      | { type: 'type'; text: string }
      | { type: 'choose' }
      | { type: 'retry' }
      | { type: 'close' }
      | { type: 'toggle help' },
  },
  actors: { lookup: fromPromise<string[], { text: string }>(async () => []) },
  delays: { debounce: 750 },
  guards: {
    'text is long enough': ({ event }) => event.type === 'type' && event.text.length >= 3,
    'has matches': ({ context }) => context.matches.length > 0,
  },
}).createMachine({
  id: 'lookup',
  description: 'Finds an address as the visitor types.',
  context: { text: '', matches: [] },
  initial: 'form',
  states: {
    form: {
      description: 'The search box and its help, side by side.',
      type: 'parallel',
      states: {
        search: {
          description: 'The search box.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing typed yet.',
              on: {
                type: {
                  guard: 'text is long enough',
                  target: 'typing',
                  actions: assign({ text: ({ event }) => event.text }),
                },
              },
            },
            typing: {
              description: 'Waiting for a pause in typing.',
              on: {
                type: {
                  guard: 'text is long enough',
                  target: 'typing',
                  reenter: true,
                  actions: assign({ text: ({ event }) => event.text }),
                },
              },
              after: { debounce: 'fetching' },
            },
            fetching: {
              description: 'Asking for matches.',
              invoke: {
                id: 'lookup',
                src: 'lookup',
                input: ({ context }) => ({ text: context.text }),
                onDone: {
                  target: 'deciding',
                  actions: assign({ matches: ({ event }) => event.output }),
                },
                onError: 'failed',
              },
            },
            deciding: {
              description: 'Matches or not.',
              always: [{ guard: 'has matches', target: 'results' }, { target: 'nothing' }],
            },
            results: { description: 'Matches are listed.', on: { choose: 'chosen' } },
            nothing: { description: 'No match.' },
            failed: { description: 'The look-up failed.', on: { retry: 'fetching' } },
            chosen: { type: 'final', description: 'A match was chosen.' },
          },
          onDone: '#lookup.finished',
        },
        help: {
          initial: 'hidden',
          states: {
            hidden: { on: { 'toggle help': 'shown' } },
            shown: { on: { 'toggle help': 'hidden' } },
          },
        },
      },
    },
    finished: { type: 'final', description: 'The address is chosen.' },
  },
});

export type LookupEntry = MachineEntry<typeof lookupMachine>;

export const lookupEntryConfig: LookupEntry = {
  name: 'lookup-fixture',
  title: 'Look-up (test fixture)',
  description: 'A fixture for the runner tests.',
  machine: lookupMachine,
  events: [
    sample('two letters typed', { type: 'type', text: 'ab' }),
    sample('an address typed', { type: 'type', text: '12 Main' }),
    sample('a pause in typing', { type: 'xstate.after.debounce.lookup.form.search.typing' }),
    sample('two matches', {
      type: 'xstate.done.actor.lookup',
      output: ['12 Main St', '12 Main Ave'],
    }),
    sample('no match', { type: 'xstate.done.actor.lookup', output: [] }),
    sample('the look-up fails', { type: 'xstate.error.actor.lookup', error: new Error('offline') }),
    sample('retry', { type: 'retry' }),
    sample('choose a match', { type: 'choose' }),
    sample('toggle help', { type: 'toggle help' }),
  ],
  project: ({ context }) => ({ typed: context.text !== '', matches: context.matches.length }),
  limit: 500,
  states: {
    'form.search.idle': (s) => expectThat(s.context.text === '', 'nothing should be typed'),
    'form.search.typing': (s) =>
      expectThat(s.context.text.length >= 3, 'the text should be long enough'),
    'form.search.fetching': (s) =>
      expectThat(s.children.lookup !== undefined, 'the look-up should run'),
    'form.search.results': (s) =>
      expectThat(s.context.matches.length > 0, 'matches should be listed'),
    'form.search.nothing': (s) =>
      expectThat(s.context.matches.length === 0, 'no match should be listed'),
    'form.search.failed': (s) =>
      expectThat(s.children.lookup === undefined, 'the look-up should be over'),
    'form.search.chosen': (s) => expectThat(s.context.matches.length > 0, 'a match was chosen'),
    'form.help.hidden': () => {},
    'form.help.shown': () => {},
    finished: (s) => expectThat(s.status === 'done', 'the machine should be done'),
  },
  expect: {
    on: {
      'form.search.idle': {
        'two letters typed': 'ignored',
        'an address typed': 'form.search.typing',
      },
      'form.search.typing': {
        'two letters typed': 'ignored',
        'an address typed': 'form.search.typing',
        'a pause in typing': 'form.search.fetching',
      },
      'form.search.fetching': {
        'two matches': { to: 'form.search.results', with: { matches: 2 } },
        'no match': 'form.search.nothing',
        'the look-up fails': 'form.search.failed',
      },
      'form.search.failed': { retry: 'form.search.fetching' },
      'form.search.results': { 'choose a match': 'finished' },
      'form.help.hidden': { 'toggle help': 'form.help.shown' },
      'form.help.shown': { 'toggle help': 'form.help.hidden' },
    },
    timers: { 'form.search.typing': { debounce: 750 } },
  },
};

export const lookupEntry = defineMachine(lookupEntryConfig);
