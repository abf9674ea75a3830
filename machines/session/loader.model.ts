/** The loader machine's registration: path samples and state checks. */
import { ERROR_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { loaderMachine } from './loader.machine.ts';
import { selectData, selectLoadError, selectLoading, selectReloading } from './loader.selectors.ts';

export const loaderModel = defineMachine({
  name: 'loader',
  title: 'Page data',
  description:
    'How a logged-in page (the account, the mailbox) gets what it shows: a loading indicator ' +
    'first, then the data; if the server cannot be reached, a clear message with a Try again ' +
    'button. Fresh data can be asked for while the old stays on screen.',
  machine: loaderMachine,
  events: [
    sample('data arrives', { type: 'xstate.done.actor.load', output: { messages: [] } }),
    sample('server unreachable', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('reload', { type: 'reload.requested' }),
    sample('try again', { type: 'retry.pressed' }),
  ],
  project: () => null,
  limit: 100,
  expect: {
    // A page opens loading its data (the projection names nothing).
    start: { to: 'loading', with: {} },
    on: {
      loading: { 'data arrives': 'loaded', 'server unreachable': 'failed', reload: 'loading' },
      reloading: { 'data arrives': 'loaded', 'server unreachable': 'failed', reload: 'reloading' },
      loaded: { reload: 'reloading' },
      failed: { 'try again': 'loading' },
    },
  },
  states: {
    loading: (snapshot) => {
      expectThat(selectLoading(snapshot), 'a loading indicator should show');
      expectThat(selectData(snapshot) === null, 'no data yet');
    },
    loaded: (snapshot) => {
      expectThat(selectData(snapshot) !== null, 'the data should show');
      expectThat(selectLoadError(snapshot) === null, 'no error should show');
    },
    reloading: (snapshot) => {
      expectThat(selectReloading(snapshot), 'the reload should show');
      expectThat(selectData(snapshot) !== null, 'the old data stays on screen');
    },
    failed: (snapshot) => {
      expectThat(selectLoadError(snapshot) === ERROR_MESSAGES.timeout, 'the reason should show');
    },
  },
});
