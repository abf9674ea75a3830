/**
 * Data a logged-in page shows (the account's contact and billing information, the mailbox): one
 * named `load` actor, a loading indicator, a clear error with a retry, and a reload on request.
 * The 401s of the load go through the token coordinator like every other request.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface LoaderContext {
  data: unknown;
  error: string | null;
}

export type LoaderEvent =
  | { type: 'reload.requested' }
  | { type: 'retry.pressed' }
  /** The answer of the `load` actor. */
  | { type: 'xstate.done.actor.load'; output: unknown }
  | { type: 'xstate.error.actor.load'; error: unknown };

export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext,
    events: {} as LoaderEvent,
  },
  actors: {
    /** Fetches the page's data; provided by the app. */
    load: fromPromise<unknown>(async () => {
      throw new Error('load is provided by the app');
    }),
  },
  actions: {
    'store data': assign({
      data: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.load');
        return event.output ?? null;
      },
      error: null,
    }),
    'store failure': assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.load');
        const message = (event.error as { message?: unknown } | null)?.message;
        return typeof message === 'string' ? message : '';
      },
    }),
  },
}).createMachine({
  id: 'loader',
  description: 'Loads what a page shows, with a loading indicator and a retry after a failure.',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The data is on its way; the page shows a loading indicator. A reload asked for now starts the load again: the answer on its way may be older than the change that asked for it.',
      on: { 'reload.requested': { target: 'loading', reenter: true } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: 'store data' },
        onError: { target: 'failed', actions: 'store failure' },
      },
    },
    loaded: {
      description: 'The page shows the data.',
      on: { 'reload.requested': 'reloading' },
    },
    reloading: {
      description:
        'Fresh data is on its way; the page keeps showing the old data meanwhile. A second reload asked for now starts it again, so the page never ends on an answer older than the last change.',
      on: { 'reload.requested': { target: 'reloading', reenter: true } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: 'store data' },
        onError: { target: 'failed', actions: 'store failure' },
      },
    },
    failed: {
      description: 'The data could not be loaded: the page says why and offers to try again.',
      on: { 'retry.pressed': 'loading' },
    },
  },
});
