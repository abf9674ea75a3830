/**
 * The Admin "Jobs" page (docs/operations.md "Jobs page"): the job kinds load with their counts,
 * last failures and dead jobs, and the progress of long work; Refresh reads them again while
 * the tables stay. Retry on a dead job asks first, naming the job, and nothing is sent before the
 * admin confirms; once retried, the job leaves the dead list and the page is read again. A
 * refusal (already retried, being handled) shows its reason.
 *
 * The app provides the calls: `load` (GET /admin/jobs) and `retry`
 * (POST /admin/jobs/{kind}/dead/{id}/retry).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { ADMIN_JOBS_MESSAGES as M, jobLabel } from '#shared/jobs/messages';
import type { AdminJobsResponse } from '#shared/jobs/types';
import { failureMessage } from '#shared/api-error';

/** The dead job a retry is about. */
export interface DeadJobRef {
  kind: string;
  id: string;
}

export interface JobsContext {
  page: AdminJobsResponse;
  /** The dead job being retried (asked about, or sent). */
  selected: DeadJobRef | null;
  /** Why the last call failed. */
  error: string | null;
  /** What the last retry did. */
  done: string | null;
}

export type JobsEvent =
  | { type: 'jobs.refresh.pressed' }
  | { type: 'jobs.retry.pressed' }
  | { type: 'dead.retry.pressed'; kind: string; id: string }
  | { type: 'retry.confirmed' }
  | { type: 'confirmation.cancelled' }
  | { type: 'xstate.done.actor.load'; output: AdminJobsResponse }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.retry'; output: unknown }
  | { type: 'xstate.error.actor.retry'; error: unknown };

export const EMPTY_JOBS_PAGE: AdminJobsResponse = { kinds: [], progress: [], given_up_mail: [] };

const messageOf = (error: unknown) => failureMessage(error) ?? String(error);

/** The dead job as listed, if it is. */
export function listedDeadJob(page: AdminJobsResponse, ref: DeadJobRef | null) {
  if (!ref) return undefined;
  return page.kinds.find((k) => k.kind === ref.kind)?.dead_jobs.find((d) => d.id === ref.id);
}

/** The words naming a dead job: its kind, the start of its id and what it carried. */
export function labelOf(page: AdminJobsResponse, ref: DeadJobRef | null): string {
  if (!ref) return '';
  return jobLabel(ref.kind, ref.id, listedDeadJob(page, ref)?.data);
}

/** The page without the dead job (it was queued again). */
function withoutDeadJob(page: AdminJobsResponse, ref: DeadJobRef): AdminJobsResponse {
  return {
    ...page,
    kinds: page.kinds.map((k) =>
      k.kind === ref.kind && k.dead_jobs.some((d) => d.id === ref.id)
        ? {
            ...k,
            dead: Math.max(0, k.dead - 1),
            queued: k.queued + 1,
            dead_jobs: k.dead_jobs.filter((d) => d.id !== ref.id),
          }
        : k,
    ),
  };
}

export const jobsMachine = setup({
  types: {
    context: {} as JobsContext,
    events: {} as JobsEvent,
  },
  actors: {
    load: fromPromise<AdminJobsResponse>(async () => {
      throw new Error('load is provided by the app');
    }),
    retry: fromPromise<unknown, DeadJobRef>(async () => {
      throw new Error('retry is provided by the app');
    }),
  },
  guards: {
    'the job is a listed dead job': ({ context, event }) => {
      assertEvent(event, 'dead.retry.pressed');
      return listedDeadJob(context.page, event) !== undefined;
    },
  },
  actions: {
    'take the page': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return { page: event.output, error: null };
    }),
    'keep the error': assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.retry']);
      return { error: messageOf(event.error), selected: null };
    }),
    'forget the outcome': assign({ error: null, done: null }),
    'select the dead job': assign(({ event }) => {
      assertEvent(event, 'dead.retry.pressed');
      return { selected: { kind: event.kind, id: event.id }, error: null, done: null };
    }),
    'forget the dead job': assign({ selected: null }),
    'take the retry': assign(({ context }) => {
      const ref = context.selected;
      if (!ref) return {};
      return {
        page: withoutDeadJob(context.page, ref),
        done: M.retried(labelOf(context.page, ref)),
        selected: null,
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'adminJobs',
  description:
    'The Jobs page: every job kind with its counts, failures and dead jobs, and long work’s ' +
    'progress; a dead job is retried once the admin confirms.',
  context: { page: EMPTY_JOBS_PAGE, selected: null, error: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The jobs are asked for; nothing is shown yet.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'listing', actions: 'take the page' },
        onError: { target: 'failed', actions: 'keep the error' },
      },
    },
    failed: {
      description: 'The jobs could not be loaded; the reason shows, with Try again.',
      on: { 'jobs.retry.pressed': { target: 'loading', actions: 'forget the outcome' } },
    },
    listing: {
      description:
        'A table per kind (queued, running, failed, dead; oldest waiting; last failures; dead ' +
        'jobs with Retry) and a bar per long work in progress.',
      on: {
        'jobs.refresh.pressed': { target: 'refreshing', actions: 'forget the outcome' },
        'dead.retry.pressed': {
          guard: 'the job is a listed dead job',
          target: 'confirming',
          actions: 'select the dead job',
        },
      },
    },
    refreshing: {
      description: 'The jobs are read again; the tables stay until the answer.',
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'listing', actions: 'take the page' },
        onError: { target: 'listing', actions: 'keep the error' },
      },
    },
    confirming: {
      description: 'Asks whether to retry the dead job, naming it; nothing is sent yet.',
      on: {
        'retry.confirmed': 'retrying',
        'confirmation.cancelled': { target: 'listing', actions: 'forget the dead job' },
      },
    },
    retrying: {
      description: 'The retry is sent.',
      invoke: {
        id: 'retry',
        src: 'retry',
        input: ({ context }) => context.selected ?? { kind: '', id: '' },
        onDone: { target: 'refreshing', actions: 'take the retry' },
        onError: { target: 'listing', actions: 'keep the error' },
      },
    },
  },
});

export type JobsActor = ActorRefFrom<typeof jobsMachine>;
