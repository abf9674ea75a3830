/**
 * The Admin "Jobs" page's endpoints (site admins only; docs/api.md "Jobs", docs/operations.md
 * "Jobs page"): every job kind with its counts, oldest waiting age, last failures and dead jobs,
 * the progress of long work, the emails given up; and the retry of one dead job, once, audited.
 *
 * A dead job is a row of its kind's dead-letter queue (`<kind>.dead`), in pg-boss's job table or,
 * after it was handled and archived, in its archive table. Its retry marks that row
 * (`output.retried_at`, `output.retried_by`) and queues its data again on its kind, in one
 * transaction with the audit entry: the mark is an update that only an unmarked row passes, so
 * two retries of one dead job, at once or on two instances, queue it once.
 */
import type { Context, Hono } from 'hono';
import { ADMIN_JOBS_MESSAGES as M } from '#shared/jobs/messages';
import {
  type AdminJobsResponse,
  type DeadJob,
  type GivenUpMail,
  type JobFailure,
  type JobKindState,
  type RetriedJob,
} from '#shared/jobs/types';
import { ADMIN_JOBS_LISTED } from '#shared/jobs/constants';
import { audit } from '../session/audit.ts';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { conflict, notFound } from '../http/errors.ts';
import { enqueueJobs, executorDb } from './enqueue.ts';
import { unfinishedProgress } from './progress.ts';
import { JOB_KINDS, JOB_SCHEMA, deadLetterQueue, type JobKind } from './queues.ts';
import { nudgeJobs } from './registry.ts';
import { jobCounts, waitingJobs } from './status.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job's error, from its output: the runner's `{ message }`, or pg-boss's `{ value: … }`. */
const ERROR_OF = (column: string) =>
  `coalesce(${column}->>'message', ${column}->'value'->>'message', ${column}->>'value')`;

const isoOf = (epochMs: unknown) => new Date(Number(epochMs)).toISOString();

function kindOfPath(c: Context<AppEnv>): JobKind {
  const kind = c.req.param('kind') ?? '';
  if (!(JOB_KINDS as readonly string[]).includes(kind)) throw notFound(M.noKind(kind));
  return kind as JobKind;
}

type Sql = ReturnType<typeof executorDb>['executeSql'];

async function lastFailures(executeSql: Sql, kind: JobKind): Promise<JobFailure[]> {
  const { rows } = await executeSql(
    `select id::text as id, state::text as state, retry_count,
            ${ERROR_OF('output')} as error,
            extract(epoch from coalesce(completed_on, started_on, created_on)) * 1000 as at
       from ${JOB_SCHEMA}.job
      where name = $1 and state in ('retry', 'failed') and output is not null
      order by coalesce(completed_on, started_on, created_on) desc, id
      limit $2`,
    [kind, ADMIN_JOBS_LISTED.failures],
  );
  return (rows as Record<string, unknown>[]).map((row) => ({
    id: String(row.id),
    error: String(row.error ?? ''),
    at: isoOf(row.at),
    state: row.state === 'failed' ? 'failed' : 'retry',
    attempts: Number(row.retry_count) + 1,
  }));
}

/** Dead jobs not retried, in the job table and the archive: how many, and the newest. */
async function deadJobs(
  executeSql: Sql,
  kind: JobKind,
): Promise<{ count: number; jobs: DeadJob[] }> {
  const dead = `(select id, data, output, created_on from ${JOB_SCHEMA}.job where name = $1
                 union all
                 select id, data, output, created_on from ${JOB_SCHEMA}.archive where name = $1) d
                where d.output->>'retried_at' is null`;
  const counted = await executeSql(`select count(*)::int as count from ${dead}`, [
    deadLetterQueue(kind),
  ]);
  // The runner completes a handled dead job without its output: its error is then the one its
  // kind's failed job kept (same data, out of retries).
  const { rows } = await executeSql(
    `select d.id::text as id, d.data,
            coalesce(${ERROR_OF('d.output')}, (
              select ${ERROR_OF('f.output')} from ${JOB_SCHEMA}.job f
               where f.name = $2 and f.state = 'failed' and f.data = d.data
               order by f.completed_on desc limit 1)) as error,
            extract(epoch from d.created_on) * 1000 as died
       from ${dead}
      order by d.created_on desc, d.id
      limit $3`,
    [deadLetterQueue(kind), kind, ADMIN_JOBS_LISTED.dead],
  );
  return {
    count: Number((counted.rows[0] as { count?: unknown } | undefined)?.count ?? 0),
    jobs: (rows as Record<string, unknown>[]).map((row) => ({
      id: String(row.id),
      data: row.data ?? null,
      error: row.error === null || row.error === undefined ? null : String(row.error),
      died_at: isoOf(row.died),
    })),
  };
}

/**
 * The newest emails given up (docs/operations.md "Mail"): too old, or their delivery out of
 * retries; whom each was for, what, and the mail server's last answer.
 */
async function givenUpMail(executeSql: Sql): Promise<GivenUpMail[]> {
  const { rows } = await executeSql(
    `select id, "to", subject, attempts, error,
            extract(epoch from created_at) * 1000 as queued,
            extract(epoch from failed_at) * 1000 as given_up
       from email_outbox
      where failed_at is not null and sent_at is null
      order by failed_at desc, id desc
      limit $1`,
    [ADMIN_JOBS_LISTED.givenUpMail],
  );
  return (rows as Record<string, unknown>[]).map((row) => ({
    id: Number(row.id),
    to: String(row.to),
    subject: String(row.subject),
    queued_at: isoOf(row.queued),
    given_up_at: isoOf(row.given_up),
    attempts: Number(row.attempts),
    error: row.error === null || row.error === undefined ? null : String(row.error),
  }));
}

/** Marks the dead job retried (if it is, and was not yet): its data, or why not. */
async function markRetried(
  tx: Executor,
  kind: JobKind,
  id: string,
  by: string,
  at: Date,
): Promise<unknown> {
  const { executeSql } = executorDb(tx);
  const mark = `coalesce(output, '{}'::jsonb)
                || jsonb_build_object('retried_at', $3::text, 'retried_by', $4::text)`;
  const values = [deadLetterQueue(kind), id, at.toISOString(), by];
  // Not yet handled: completed now, so that its dead-letter handler never runs after the retry.
  const live = await executeSql(
    `update ${JOB_SCHEMA}.job
        set output = ${mark},
            state = case when state in ('created', 'retry') then 'completed'::${JOB_SCHEMA}.job_state
                         else state end,
            completed_on = coalesce(completed_on, now())
      where name = $1 and id = $2::uuid and state <> 'active' and output->>'retried_at' is null
      returning data`,
    values,
  );
  if (live.rows.length > 0) return (live.rows[0] as { data: unknown }).data;
  const archived = await executeSql(
    `update ${JOB_SCHEMA}.archive set output = ${mark}
      where name = $1 and id = $2::uuid and output->>'retried_at' is null
      returning data`,
    values,
  );
  if (archived.rows.length > 0) return (archived.rows[0] as { data: unknown }).data;
  const { rows } = await executeSql(
    `select state::text as state, output->>'retried_at' as retried from ${JOB_SCHEMA}.job
      where name = $1 and id = $2::uuid
     union all
     select state::text, output->>'retried_at' from ${JOB_SCHEMA}.archive
      where name = $1 and id = $2::uuid`,
    values.slice(0, 2),
  );
  const found = rows[0] as { state: string; retried: string | null } | undefined;
  if (!found) throw notFound(M.noDeadJob(kind, id));
  if (found.retried !== null) throw conflict(M.alreadyRetried);
  throw conflict(M.beingHandled);
}

/**
 * What a retried job needs besides its data: an email given up (`failed_at`) is made undecided
 * again and its age starts over, or its delivery would find it given up and do nothing
 * (docs/operations.md "Mail").
 */
async function beforeRetry(tx: Executor, kind: JobKind, data: unknown): Promise<void> {
  if (kind !== 'mail.deliver') return;
  const outboxId = (data as { outboxId?: unknown } | null)?.outboxId;
  if (typeof outboxId !== 'number') return;
  await executorDb(tx).executeSql(
    `update email_outbox set failed_at = null, created_at = now()
      where id = $1 and sent_at is null`,
    [outboxId],
  );
}

export function registerAdminJobRoutes(api: Hono<AppEnv>) {
  api.get('/admin/jobs', async (c) => {
    const { database } = c.var.deps;
    const { executeSql } = executorDb(database.db);
    const [counts, waiting, progress, mail] = await Promise.all([
      jobCounts(database),
      waitingJobs(database),
      unfinishedProgress(database.db),
      givenUpMail(executeSql),
    ]);
    const count = (queue: string, states: readonly string[]) =>
      counts
        .filter((row) => row.queue === queue && states.includes(row.state))
        .reduce((sum, row) => sum + row.count, 0);
    const kinds: JobKindState[] = [];
    for (const kind of JOB_KINDS) {
      const dead = await deadJobs(executeSql, kind);
      kinds.push({
        kind,
        queued: count(kind, ['created', 'retry']),
        running: count(kind, ['active']),
        failed: count(kind, ['failed']),
        dead: dead.count,
        oldest_waiting_seconds: waiting.find((w) => w.queue === kind)?.oldestSeconds ?? null,
        last_failures: await lastFailures(executeSql, kind),
        dead_jobs: dead.jobs,
      });
    }
    return c.json({
      kinds,
      progress: progress.map((p) => ({
        kind: p.kind,
        key: p.key,
        done: p.done,
        total: p.total,
        started_at: p.startedAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
      })),
      given_up_mail: mail,
    } satisfies AdminJobsResponse);
  });

  api.post('/admin/jobs/:kind/dead/:id/retry', async (c) => {
    const session = await requireSession(c);
    const kind = kindOfPath(c);
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw notFound(M.noDeadJob(kind, id));
    const { database, config, clock } = c.var.deps;
    const admin = session.user.username;
    await database.db.transaction(async (tx) => {
      const data = await markRetried(tx, kind, id, admin, clock.now());
      await beforeRetry(tx, kind, data);
      await enqueueJobs(tx, config, kind, [data as never]);
      await audit(
        c,
        {
          event: 'job_retried',
          actor: admin,
          username: admin,
          status: 200,
          detail: { kind, dead_id: id, data },
        },
        tx,
      );
    });
    nudgeJobs(database, kind);
    return c.json({ kind, dead_id: id } satisfies RetriedJob);
  });
}
