/** The download machine's registration: a file link's press, the file, and the refusals. */
import { ERROR_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { downloadMachine } from './download.machine.ts';
import { selectFetchingFile } from './download.selectors.ts';

/** The file the server sends (a receipt's PDF). */
const FILE = { name: 'receipt-1.pdf', type: 'application/pdf' };
/** A request that never arrives. */
const UNREACHABLE = { status: 0, message: ERROR_MESSAGES.timeout };
/** The refresh refused: the session is over and the app is on its way to the login page. */
const SESSION_ENDED = { status: 401, title: 'Unauthorized', message: 'Refresh token expired' };

export const downloadModel = defineMachine({
  name: 'download',
  title: 'File download',
  description:
    'How a link to a file the server makes (a bill’s or a receipt’s PDF, a zone file) gets it. ' +
    'A press asks for the file; while it comes the link shows it is busy and another press does ' +
    'nothing. The file is then saved under its name. If it does not come, a notification says ' +
    'why; if the session has ended, nothing is said here, as the user is taken to log in again.',
  machine: downloadMachine,
  events: [
    sample('press Download PDF', { type: 'download.pressed' }),
    sample('the file arrives', { type: 'xstate.done.actor.fetchFile', output: FILE }),
    sample('the server cannot be reached', {
      type: 'xstate.error.actor.fetchFile',
      error: UNREACHABLE,
    }),
    sample('the session has ended', { type: 'xstate.error.actor.fetchFile', error: SESSION_ENDED }),
  ],
  project: () => null,
  limit: 100,
  expect: {
    effects: ['save the file', 'tell the refusal'],
    start: { to: 'idle' },
    on: {
      idle: { 'press Download PDF': 'fetching' },
      fetching: {
        'press Download PDF': 'ignored',
        'the file arrives': { to: 'idle', runs: { 'save the file': { file: FILE } } },
        'the server cannot be reached': {
          to: 'idle',
          runs: { 'tell the refusal': { error: UNREACHABLE } },
        },
        'the session has ended': 'idle',
      },
    },
    running: { fetching: ['fetchFile'] },
  },
  states: {
    idle: (snapshot) => {
      expectThat(!selectFetchingFile(snapshot), 'the link offers the file');
    },
    fetching: (snapshot) => {
      expectThat(selectFetchingFile(snapshot), 'the link shows the file is on its way');
    },
  },
});
