/**
 * A file the API makes (an invoice's PDF, a zone file), downloaded by a link: a press fetches the
 * file through the app's client (`fetchFile`), which renews an access token that ran out on the
 * way, then saves it. While it comes, the link says so and a second press is ignored. A refusal is
 * told like any call's, except an ended session: the app already sends the user to log in.
 */
import { assertEvent, fromPromise, setup } from 'xstate';
import { requestFailureOf } from './types.ts';

export type DownloadEvent =
  | { type: 'download.pressed' }
  /** The answer of the `fetchFile` actor: the file. */
  | { type: 'xstate.done.actor.fetchFile'; output: unknown }
  | { type: 'xstate.error.actor.fetchFile'; error: unknown };

export const downloadMachine = setup({
  types: {
    events: {} as DownloadEvent,
  },
  actors: {
    /** Fetches the file; provided by the app (a promise actor answering the file). */
    fetchFile: fromPromise<unknown>(async () => {
      throw new Error('fetchFile is provided by the app');
    }),
  },
  actions: {
    /** Hands the fetched file to the browser to save; provided by the app. */
    'save the file': (_, _params: { file: unknown }) => {},
    /** Tells why the file did not come (a page notification); provided by the app. */
    'tell the refusal': (_, _params: { error: unknown }) => {},
  },
  guards: {
    'the session ended': ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchFile');
      return requestFailureOf(event.error).status === 401;
    },
  },
}).createMachine({
  id: 'download',
  description: 'Fetches a file the user asked for and saves it, or says why it did not come.',
  initial: 'idle',
  states: {
    idle: {
      description: 'The link offers the file.',
      on: { 'download.pressed': 'fetching' },
    },
    fetching: {
      description: 'The file is on its way; the link shows it is busy and a press does nothing.',
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        onDone: {
          target: 'idle',
          actions: { type: 'save the file', params: ({ event }) => ({ file: event.output }) },
        },
        onError: [
          { guard: 'the session ended', target: 'idle' },
          {
            target: 'idle',
            actions: { type: 'tell the refusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
