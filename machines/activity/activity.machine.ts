/**
 * The Activity page (docs/activity.md "The page"): the customer's activity log, newest first,
 * 25 entries a page. Filters (login, action, date range) are typed, then applied together: they
 * are checked by the shared query rule (`ActivityQuerySchema`, the server's own), and a refused
 * filter says why on its field, nothing sent. Applied filters start again at the first page;
 * Previous and Next move a page while there is one. A list that cannot load says why, with Try
 * again. The CSV export (a download link) takes the applied filters.
 *
 * The app provides the call: `load` (GET /activity with the applied filters, limit and offset).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import * as v from 'valibot';
import { ActivityQuerySchema, type ActivityPage } from '#shared/activity/rules';
import { failureMessage } from '#shared/api-error';
import { ACTIVITY } from '#shared/activity/constants';

export interface ActivityFilters {
  login: string;
  /** An action or a group (an action's first word); '' for any. */
  action: string;
  /** YYYY-MM-DD, UTC; '' for open. */
  from: string;
  to: string;
}

export type ActivityFilterField = keyof ActivityFilters;

export const NO_FILTERS: ActivityFilters = { login: '', action: '', from: '', to: '' };

/** What `load` is asked: the applied filters (empty ones left out), a page's limit and offset. */
export interface ActivityRequest {
  login?: string;
  action?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export interface ActivityContext {
  /** The filters as typed. */
  filters: ActivityFilters;
  /** The filters of the list shown (and of the export). */
  applied: ActivityFilters;
  /** Messages of the typed filters that were refused, by field. */
  filterErrors: Partial<Record<ActivityFilterField, string>>;
  offset: number;
  page: ActivityPage | null;
  error: string | null;
}

export type ActivityEvent =
  | { type: 'filter.changed'; field: ActivityFilterField; value: string }
  | { type: 'filters.applied' }
  | { type: 'filters.cleared' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'activity.retry.pressed' }
  | { type: 'xstate.done.actor.load'; output: ActivityPage }
  | { type: 'xstate.error.actor.load'; error: unknown };

/** The typed filters as the query's fields: empty ones left out. */
export function queryOf(filters: ActivityFilters): Partial<ActivityFilters> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value.trim() !== ''),
  ) as Partial<ActivityFilters>;
}

/** The shared query rule's messages for these filters, by field (none: they may be applied). */
export function filterErrorsOf(filters: ActivityFilters): ActivityContext['filterErrors'] {
  const result = v.safeParse(ActivityQuerySchema, queryOf(filters));
  if (result.success) return {};
  const errors: ActivityContext['filterErrors'] = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && key in NO_FILTERS && !errors[key as ActivityFilterField]) {
      errors[key as ActivityFilterField] = issue.message;
    }
  }
  return errors;
}

export const activityMachine = setup({
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
  },
  actors: {
    load: fromPromise<ActivityPage, ActivityRequest>(async () => {
      throw new Error('load is provided by the app');
    }),
  },
  guards: {
    'the filters are accepted': ({ context }) =>
      Object.keys(filterErrorsOf(context.filters)).length === 0,
    'a later page exists': ({ context }) =>
      context.page !== null && context.offset + ACTIVITY.pageSize < context.page.total,
    'an earlier page exists': ({ context }) => context.offset > 0,
  },
  actions: {
    'change the filter': assign(({ context, event }) => {
      assertEvent(event, 'filter.changed');
      const { [event.field]: _answered, ...filterErrors } = context.filterErrors;
      return { filters: { ...context.filters, [event.field]: event.value }, filterErrors };
    }),
    'apply the filters': assign(({ context }) => ({
      applied: context.filters,
      filterErrors: {},
      offset: 0,
    })),
    'show the filters’ errors': assign(({ context }) => ({
      filterErrors: filterErrorsOf(context.filters),
    })),
    'clear the filters': assign({
      filters: NO_FILTERS,
      applied: NO_FILTERS,
      filterErrors: {},
      offset: 0,
    }),
    'go to the next page': assign(({ context }) => ({
      offset: context.offset + ACTIVITY.pageSize,
    })),
    'go to the previous page': assign(({ context }) => ({
      offset: Math.max(0, context.offset - ACTIVITY.pageSize),
    })),
    'take the page': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { page: event.output, error: null };
    }),
    'keep the error': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.load');
      return { error: failureMessage(event.error) ?? String(event.error) };
    }),
  },
}).createMachine({
  id: 'activity',
  description:
    'The activity log: a page of 25 entries, filters applied together, previous and next pages.',
  context: {
    filters: NO_FILTERS,
    applied: NO_FILTERS,
    filterErrors: {},
    offset: 0,
    page: null,
    error: null,
  },
  initial: 'loading',
  on: {
    'filter.changed': { actions: 'change the filter' },
  },
  states: {
    loading: {
      description: 'A page of entries with the applied filters is asked for.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({
          ...queryOf(context.applied),
          limit: ACTIVITY.pageSize,
          offset: context.offset,
        }),
        onDone: { target: 'listing', actions: 'take the page' },
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    failed: {
      description: 'The entries could not be loaded; the reason shows, with Try again.',
      on: {
        'activity.retry.pressed': 'loading',
        'filters.applied': [
          { guard: 'the filters are accepted', target: 'loading', actions: 'apply the filters' },
          { actions: 'show the filters’ errors' },
        ],
        'filters.cleared': { target: 'loading', actions: 'clear the filters' },
      },
    },
    listing: {
      description:
        'The page of entries (or that none matches), with Previous and Next where there is a page.',
      on: {
        'filters.applied': [
          { guard: 'the filters are accepted', target: 'loading', actions: 'apply the filters' },
          { actions: 'show the filters’ errors' },
        ],
        'filters.cleared': { target: 'loading', actions: 'clear the filters' },
        'page.next': {
          guard: 'a later page exists',
          target: 'loading',
          actions: 'go to the next page',
        },
        'page.previous': {
          guard: 'an earlier page exists',
          target: 'loading',
          actions: 'go to the previous page',
        },
      },
    },
  },
});

export type ActivityActor = ActorRefFrom<typeof activityMachine>;
