/**
 * The Activity page (issue 33 "Activity log": "a page "Activity" under Account …, paged 25 at a
 * time, filterable, exportable as CSV"; docs/activity.md "The page"): the first page loads;
 * filters are applied together and start again at the first page; a date that is not one is
 * refused on its field and nothing is sent; Previous and Next move 25 entries while there are
 * some; a list that cannot load says why, with Try again.
 */
import { ACTIVITY } from '#shared/activity/constants';
import { ERROR_MESSAGES } from '#shared/messages';
import type { ActivityEntry, ActivityPage } from '#shared/activity/rules';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { activityMachine } from './activity.machine.ts';
import {
  selectEmpty,
  selectError,
  selectFilterErrors,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectPager,
  selectRows,
} from './activity.selectors.ts';

/** The page size ("paged 25 at a time", held there by spec-constants) and the shared
 * rule's message for a date that is not one. */
const PAGE = ACTIVITY.pageSize;
const BAD_DATE = 'from must be a date (YYYY-MM-DD)';
const TOTAL = 30;

const entry = (id: number): ActivityEntry => ({
  id,
  at: '2026-12-06T17:45:00.000Z',
  login: 'jordan',
  acting_admin: id === 1 ? 'admin' : null,
  address: '198.51.100.7',
  action: 'dns.record.update',
  summary: 'DNS record A www.example.com changed 192.0.2.1 → 192.0.2.2',
  outcome: 'ok',
  reason: null,
});

const page = (offset: number, total = TOTAL): ActivityPage => ({
  entries: Array.from({ length: Math.min(PAGE, total - offset) }, (_, i) => entry(offset + i + 1)),
  total,
  limit: PAGE,
  offset,
});

interface Projection {
  offset: number;
  /** Entries in the page shown (null before one arrived). */
  total: number | null;
  typedLogin: string;
  typedFrom: string;
  appliedLogin: string;
  fromError: string | null;
  error: string | null;
}

export const activityModel = defineMachine({
  name: 'account-activity',
  title: 'Activity (Account)',
  description:
    'The account’s activity log, newest first, 25 entries a page: who changed what, from ' +
    'which address, and how it ended. Filters (login, action, dates) are applied together and ' +
    'start again at the first page; a date that is not one is refused on its field and nothing ' +
    'is sent. Previous and Next move a page while there is one. The CSV export takes the applied ' +
    'filters. A list that cannot load says why, with Try again.',
  machine: activityMachine,
  events: (snapshot) => [
    sample('a page arrives', {
      type: 'xstate.done.actor.load',
      output: page(snapshot.context.offset),
    }),
    // At the limit: the page asked for is full and the last one, no next one.
    sample('the last page arrives full', {
      type: 'xstate.done.actor.load',
      output: page(snapshot.context.offset, snapshot.context.offset + PAGE),
    }),
    sample('nothing matches', {
      type: 'xstate.done.actor.load',
      output: { entries: [], total: 0, limit: PAGE, offset: 0 },
    }),
    sample('the list fails', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('try again', { type: 'activity.retry.pressed' }),
    sample('type a login', { type: 'filter.changed', field: 'login', value: 'jordan' }),
    sample('type a date that is not one', {
      type: 'filter.changed',
      field: 'from',
      value: '2026-02-30',
    }),
    sample('apply the filters', { type: 'filters.applied' }),
    sample('clear the filters', { type: 'filters.cleared' }),
    sample('next page', { type: 'page.next' }),
    sample('previous page', { type: 'page.previous' }),
  ],
  project: ({ context }): Projection => ({
    offset: context.offset,
    total: context.page?.total ?? null,
    typedLogin: context.filters.login,
    typedFrom: context.filters.from,
    appliedLogin: context.applied.login,
    fromError: context.filterErrors.from ?? null,
    error: context.error,
  }),
  limit: 3000,
  expect: {
    start: {
      to: 'loading',
      with: { offset: 0, total: null, typedLogin: '', appliedLogin: '', error: null },
    },
    on: {
      // Typing a filter sends nothing, in any state; it clears that field's message.
      '*': {
        'type a login': { to: 'stays', with: { typedLogin: 'jordan' } },
        'type a date that is not one': {
          to: 'stays',
          with: { typedFrom: '2026-02-30', fromError: null },
        },
      },
      loading: {
        'a page arrives': { to: 'listing', with: { total: TOTAL, error: null } },
        'nothing matches': { to: 'listing', with: { total: 0 } },
        'the last page arrives full': (before: Projection) => ({
          to: 'listing',
          with: { total: before.offset + PAGE },
        }),
        'the list fails': { to: 'failed', with: { error: ERROR_MESSAGES.timeout } },
        'try again': 'ignored',
        'apply the filters': 'ignored',
        'clear the filters': 'ignored',
        'next page': 'ignored',
        'previous page': 'ignored',
      },
      failed: {
        'try again': 'loading',
        'apply the filters': (before: Projection) =>
          before.typedFrom === '2026-02-30'
            ? { to: 'stays', with: { fromError: BAD_DATE } }
            : { to: 'loading', with: { offset: 0, appliedLogin: before.typedLogin } },
        'clear the filters': {
          to: 'loading',
          with: { offset: 0, typedLogin: '', appliedLogin: '' },
        },
        'next page': 'ignored',
        'previous page': 'ignored',
      },
      listing: {
        'try again': 'ignored',
        // Applied together, from the first page; a refused date says why and sends nothing.
        'apply the filters': (before: Projection) =>
          before.typedFrom === '2026-02-30'
            ? { to: 'stays', with: { fromError: BAD_DATE } }
            : { to: 'loading', with: { offset: 0, appliedLogin: before.typedLogin } },
        'clear the filters': {
          to: 'loading',
          with: { offset: 0, typedLogin: '', appliedLogin: '', typedFrom: '' },
        },
        // 25 entries further while there are more.
        'next page': (before: Projection) =>
          before.total !== null && before.offset + PAGE < before.total
            ? { to: 'loading', with: { offset: before.offset + PAGE } }
            : 'ignored',
        'previous page': (before: Projection) =>
          before.offset > 0 ? { to: 'loading', with: { offset: before.offset - PAGE } } : 'ignored',
      },
    },
    running: { loading: ['load'] },
    inputs: {
      load: (after: Projection) => ({
        ...(after.appliedLogin ? { login: after.appliedLogin } : {}),
        limit: PAGE,
        offset: after.offset,
      }),
    },
  },
  states: {
    loading: (s) => expectThat(selectLoading(s) && selectRows(s).length === 0, 'it loads'),
    failed: (s) => {
      expectThat(selectLoadFailed(s), 'the list failed');
      expectThat(selectError(s) !== null, 'the reason shows');
    },
    listing: (s) => {
      expectThat(selectListed(s), 'the list shows');
      const pager = selectPager(s);
      if (selectEmpty(s)) {
        expectThat(pager === null && selectRows(s).length === 0, 'nothing matches, no pager');
        return;
      }
      const total = s.context.page?.total ?? 0;
      const first = s.context.offset + 1;
      const last = Math.min(s.context.offset + PAGE, total);
      expectThat(pager?.label === `Showing ${first}–${last} of ${total}`, 'the pager counts');
      expectThat(pager.canPrevious === s.context.offset > 0, 'Previous where there is a page');
      expectThat(pager.canNext === last < total, 'Next where there are more');
      expectThat(selectRows(s).length === last - first + 1, 'one row per entry');
      const admin = selectRows(s).find((row) => row.entry.acting_admin !== null);
      expectThat(!admin || admin.who === 'jordan (as site admin admin)', 'the acting admin named');
      expectThat(
        selectFilterErrors(s).from === undefined || s.context.filters.from === '2026-02-30',
        'a message only on a refused date',
      );
    },
  },
});
