/**
 * The bills and payments tables' registration (records-page.machine.ts; portal.md "/billing",
 * docs/api.md `GET /billing/bills`, `GET /billing/payments`): one page of 10 records, Previous
 * and Next, the same page loaded again when the page machine asks, Try again after a failure.
 */
import { BILLING } from '#shared/billing/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { recordsPageMachine } from './records-page.machine.ts';
import {
  selectRecords,
  selectRecordsError,
  selectRecordsLoading,
  selectRecordsReloading,
} from './records-page.selectors.ts';

/** 25 records: three pages of 10. */
const TOTAL = 25;
const NEXT = BILLING.pageSize;

type Snapshot = ReturnType<typeof recordsPageMachine.getInitialSnapshot>;

function project(snapshot: Snapshot) {
  return {
    offset: snapshot.context.offset,
    shown: selectRecords(snapshot) !== null,
    refused: selectRecordsError(snapshot),
  };
}

const arrives = { to: 'loaded', with: { shown: true, refused: null } } as const;
const cannot = {
  to: 'failed',
  with: { shown: false, refused: ERROR_MESSAGES.timeout },
} as const;

export const recordsPageModel = defineMachine({
  name: 'billing-records',
  title: 'Bills and payments table',
  description:
    'The Bills table and the Payments table of the Billing page: one page of 10, newest ' +
    'first, Previous and Next to the pages around it. While another page loads the page shown ' +
    'stays, marked busy. After a payment, an autopay change or a saved address the page asks for ' +
    'the same page again. A page that cannot be loaded says why and offers Try again.',
  machine: recordsPageMachine,
  input: { limit: BILLING.pageSize },
  events: (snapshot) => [
    sample('next page', { type: 'page.requested', offset: NEXT }),
    sample('first page', { type: 'page.requested', offset: 0 }),
    sample('load it again', { type: 'reload.requested' }),
    sample('press Try again', { type: 'retry.pressed' }),
    sample('the page arrives', {
      type: 'xstate.done.actor.load',
      output: { total: TOTAL, limit: BILLING.pageSize, offset: snapshot.context.offset },
    }),
    sample('the server cannot be reached', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
  ],
  project,
  limit: 200,
  expect: {
    start: { to: 'loading', with: { offset: 0, shown: false, refused: null } },
    on: {
      loading: {
        'next page': { to: 'loading', with: { offset: NEXT } },
        'first page': { to: 'loading', with: { offset: 0 } },
        'load it again': 'loading',
        'press Try again': 'ignored',
        'the page arrives': arrives,
        'the server cannot be reached': cannot,
      },
      loaded: {
        // Another page loads while the page shown stays.
        'next page': { to: 'reloading', with: { offset: NEXT, shown: true } },
        'first page': { to: 'reloading', with: { offset: 0, shown: true } },
        'load it again': { to: 'reloading', with: { shown: true } },
        'press Try again': 'ignored',
      },
      reloading: {
        // The latest request wins: the table never ends on an older answer.
        'next page': { to: 'reloading', with: { offset: NEXT } },
        'first page': { to: 'reloading', with: { offset: 0 } },
        'load it again': 'reloading',
        'press Try again': 'ignored',
        'the page arrives': arrives,
        'the server cannot be reached': cannot,
      },
      failed: {
        'press Try again': { to: 'loading', with: { refused: null } },
        'load it again': { to: 'loading', with: { refused: null } },
        'next page': 'ignored',
        'first page': 'ignored',
      },
    },
    running: { loading: ['load'], reloading: ['load'] },
    inputs: {
      load: (projection) => ({ limit: BILLING.pageSize, offset: projection.offset }),
    },
  },
  states: {
    loading: (s) => expectThat(selectRecordsLoading(s), 'the table shows it is loading'),
    loaded: (s) => expectThat(selectRecords(s) !== null, 'the page shows'),
    reloading: (s) =>
      expectThat(
        selectRecordsReloading(s) && selectRecords(s) !== null,
        'the page shown stays, busy',
      ),
    failed: (s) => expectThat(selectRecordsError(s) !== null, 'the failure shows with Try again'),
  },
});
