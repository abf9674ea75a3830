/**
 * Data a logged-in page shows (the account's contact and billing information, the mailbox): one
 * named `load` actor, a loading indicator, a clear error with a retry, and a reload on request.
 * The 401s of the load go through the token coordinator like every other request.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';

export interface LoaderContext<T = unknown> {
  data: T | null;
  error: string | null;
}

export type LoaderEvent<T = unknown> =
  | { type: 'reload.requested' }
  | { type: 'retry.pressed' }
  /** The answer of the `load` actor. */
  | { type: 'xstate.done.actor.load'; output: T }
  | { type: 'xstate.error.actor.load'; error: unknown };

/**
 * The loader of a page whose data is a `T`: the app provides a `load` actor answering a `T` (a
 * `fromPromise<T>`, checked by `.provide`), and the page's selectors read a `T` back, with no cast.
 * Each page names its own (`machines/<area>/<page>.loader.ts`).
 */
export function createLoaderMachine<T>() {
  return setup({
    types: {
      context: {} as LoaderContext<T>,
      events: {} as LoaderEvent<T>,
    },
    actors: {
      /** Fetches the page's data; provided by the app. */
      load: fromPromise<T>(async () => {
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
}

/** The loader charted and path-tested (its data's type plays no part in its states). */
export const loaderMachine = createLoaderMachine<unknown>();
