/**
 * The Admin "Jobs" page (issue 31 "What an operator watches": "An Admin page "Jobs": every job
 * kind with its queue, running, failed and dead counts, the last failures with their errors, and
 * a Retry button for a dead job (site admins only, audited). Long work shows progress: the
 * billing pass as customers done of total"; the Retry asks first, naming the job).
 */
import { ERROR_MESSAGES } from '#shared/messages';
import { ADMIN_JOBS_MESSAGES as M, jobLabel } from '#shared/jobs/messages';
import type { AdminJobsResponse } from '#shared/jobs/types';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { jobsMachine } from './jobs.machine.ts';
import {
  selectConfirmation,
  selectEmpty,
  selectError,
  selectGivenUpMail,
  selectKinds,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectProgress,
  selectRefreshing,
} from './jobs.selectors.ts';

const DEAD = { id: '0b7f6a52-3c1e-4e5f-9a8b-1c2d3e4f5a6b', outboxId: 42 };
const DEAD_LABEL = jobLabel('mail.deliver', DEAD.id, { outboxId: DEAD.outboxId });
const UNKNOWN_ID = '11111111-2222-4333-8444-555555555555';

const PAGE: AdminJobsResponse = {
  kinds: [
    {
      kind: 'mail.deliver',
      queued: 3,
      running: 1,
      failed: 1,
      dead: 1,
      oldest_waiting_seconds: 600,
      last_failures: [
        {
          id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
          error: '421 4.7.0 Try again later',
          at: '2026-12-01T10:00:00.000Z',
          state: 'failed',
          attempts: 12,
        },
      ],
      dead_jobs: [
        {
          id: DEAD.id,
          data: { outboxId: DEAD.outboxId },
          error: '421 4.7.0 Try again later',
          died_at: '2026-12-01T10:00:00.000Z',
        },
      ],
    },
    {
      kind: 'recovery.password',
      queued: 0,
      running: 0,
      failed: 0,
      dead: 0,
      oldest_waiting_seconds: null,
      last_failures: [],
      dead_jobs: [],
    },
  ],
  progress: [
    {
      kind: 'billing.pass',
      key: '2026-12-01',
      done: 2_500,
      total: 10_000,
      started_at: '2026-12-01T00:00:00.000Z',
      updated_at: '2026-12-01T00:01:00.000Z',
    },
  ],
  given_up_mail: [
    {
      id: DEAD.outboxId,
      to: 'someone@example.test',
      subject: 'Your bill',
      queued_at: '2026-11-29T10:00:00.000Z',
      given_up_at: '2026-12-01T10:00:00.000Z',
      attempts: 12,
      error: '421 4.7.0 Try again later',
    },
  ],
};
const NO_KINDS: AdminJobsResponse = { kinds: [], progress: [], given_up_mail: [] };

interface Projection {
  /** Job kinds listed. */
  kinds: number;
  /** The mail kind's dead jobs listed, and its dead count. */
  deadListed: number;
  deadCount: number;
  /** Long work shown. */
  progress: number;
  /** The dead job being retried. */
  selected: string | null;
  error: string | null;
  done: string | null;
}

export const adminJobsModel = defineMachine({
  name: 'admin-jobs',
  title: 'Jobs (Admin)',
  description:
    'The site admins’ Jobs page: every job kind with its queued, running, failed and dead ' +
    'counts, how long the oldest job has waited, the last failures with their errors, and the ' +
    'dead jobs, each with Retry; long work (the billing pass) as customers done of total. ' +
    'Refresh reads it all again and the tables stay meanwhile. Retry first asks, naming the ' +
    'job, and nothing is sent before the admin confirms; a retried job leaves the dead list. ' +
    'A refusal shows the server’s reason.',
  machine: jobsMachine,
  events: () => [
    sample('the jobs arrive', { type: 'xstate.done.actor.load', output: PAGE }),
    sample('no job kinds', { type: 'xstate.done.actor.load', output: NO_KINDS }),
    sample('the jobs fail to load', {
      type: 'xstate.error.actor.load',
      error: { message: ERROR_MESSAGES.timeout },
    }),
    sample('try again', { type: 'jobs.retry.pressed' }),
    sample('press Refresh', { type: 'jobs.refresh.pressed' }),
    sample('press Retry on the dead email', {
      type: 'dead.retry.pressed',
      kind: 'mail.deliver',
      id: DEAD.id,
    }),
    sample('press Retry on a job not listed', {
      type: 'dead.retry.pressed',
      kind: 'mail.deliver',
      id: UNKNOWN_ID,
    }),
    sample('confirm the retry', { type: 'retry.confirmed' }),
    sample('cancel the question', { type: 'confirmation.cancelled' }),
    sample('it is queued again', {
      type: 'xstate.done.actor.retry',
      output: { kind: 'mail.deliver', dead_id: DEAD.id },
    }),
    sample('the retry is refused: already retried', {
      type: 'xstate.error.actor.retry',
      error: { message: M.alreadyRetried },
    }),
  ],
  project: ({ context }): Projection => {
    const mail = context.page.kinds.find((k) => k.kind === 'mail.deliver');
    return {
      kinds: context.page.kinds.length,
      deadListed: mail?.dead_jobs.length ?? 0,
      deadCount: mail?.dead ?? 0,
      progress: context.page.progress.length,
      selected: context.selected?.id ?? null,
      error: context.error,
      done: context.done,
    };
  },
  limit: 300,
  expect: {
    start: {
      to: 'loading',
      with: { kinds: 0, progress: 0, selected: null, error: null, done: null },
    },
    on: {
      loading: {
        'the jobs arrive': { to: 'listing', with: { kinds: 2, deadListed: 1, progress: 1 } },
        'no job kinds': { to: 'listing', with: { kinds: 0, progress: 0 } },
        'the jobs fail to load': { to: 'failed', with: { error: ERROR_MESSAGES.timeout } },
      },
      failed: { 'try again': { to: 'loading', with: { error: null } } },
      listing: {
        // Refresh reads the jobs again, the tables staying.
        'press Refresh': (before: Projection) => ({
          to: 'refreshing',
          with: { kinds: before.kinds, error: null, done: null },
        }),
        // Retry asks first, about a dead job that is listed; nothing is sent.
        'press Retry on the dead email': (before: Projection) =>
          before.deadListed > 0
            ? { to: 'confirming', with: { selected: DEAD.id, done: null } }
            : 'ignored',
        'press Retry on a job not listed': 'ignored',
      },
      refreshing: {
        'the jobs arrive': { to: 'listing', with: { kinds: 2, deadListed: 1 } },
        'no job kinds': { to: 'listing', with: { kinds: 0 } },
        // A failed refresh keeps the tables, with the reason.
        'the jobs fail to load': (before: Projection) => ({
          to: 'listing',
          with: { kinds: before.kinds, error: ERROR_MESSAGES.timeout },
        }),
      },
      confirming: {
        'confirm the retry': 'retrying',
        'cancel the question': { to: 'listing', with: { selected: null } },
      },
      retrying: {
        // The job leaves the dead list; the page is read again.
        'it is queued again': (before: Projection) => ({
          to: 'refreshing',
          with: {
            deadListed: before.deadListed - 1,
            deadCount: before.deadCount - 1,
            selected: null,
            done: M.retried(DEAD_LABEL),
            error: null,
          },
        }),
        'the retry is refused: already retried': {
          to: 'listing',
          with: { error: M.alreadyRetried, selected: null },
        },
      },
    },
    running: { loading: ['load'], refreshing: ['load'], retrying: ['retry'] },
    inputs: { retry: () => ({ kind: 'mail.deliver', id: DEAD.id }) },
  },
  states: {
    loading: (s) => {
      expectThat(selectLoading(s), 'the jobs are loading');
      expectThat(!selectListed(s), 'no table yet');
    },
    failed: (s) => {
      expectThat(selectLoadFailed(s), 'the load failed');
      expectThat(selectError(s) !== null, 'the reason shows');
    },
    listing: (s) => {
      expectThat(selectListed(s) && !selectRefreshing(s), 'the tables show');
      expectThat(selectEmpty(s) === (s.context.page.kinds.length === 0), 'empty when no kinds');
      for (const row of selectKinds(s)) {
        for (const dead of row.dead) expectThat(dead.canRetry, 'Retry on every dead job');
      }
      for (const bar of selectProgress(s)) {
        expectThat(bar.text === M.progressText(bar.done, bar.total), 'customers done of total');
        expectThat(bar.name.endsWith(bar.text), 'the bar’s name says it too');
      }
      expectThat(
        selectGivenUpMail(s).length === s.context.page.given_up_mail.length,
        'every email given up shows',
      );
      expectThat(selectConfirmation(s) === null, 'nothing is asked');
    },
    refreshing: (s) => {
      expectThat(selectListed(s) && selectRefreshing(s), 'the tables stay while read again');
      expectThat(
        selectKinds(s).every((row) => row.dead.every((d) => !d.canRetry)),
        'no Retry meanwhile',
      );
    },
    confirming: (s) => {
      const question = selectConfirmation(s);
      expectThat(question !== null && !question.sending, 'the retry is asked about');
      expectThat(question.message === M.confirm(DEAD_LABEL), 'it names the job');
      expectThat(
        selectKinds(s).every((row) => row.dead.every((d) => !d.canRetry)),
        'one at a time',
      );
    },
    retrying: (s) => expectThat(selectConfirmation(s)?.sending === true, 'the retry is sent'),
  },
});
