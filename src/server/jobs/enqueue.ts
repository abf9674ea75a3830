/**
 * Queueing jobs, inside the caller's transaction when it passes one: the job exists exactly when
 * what it is about (an outbox row, say) was committed. pg-boss's own insert statement, run on a
 * drizzle executor.
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { nudgeJobs } from './registry.ts';
import { JOB_SCHEMA, jobPolicy, type JobData, type JobKind } from './queues.ts';

/** pg-boss's statements (text with $1…$n) on a drizzle executor: a transaction, or the database. */
export function executorDb(db: Executor): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows?: unknown[] };
      return { rows: (result.rows ?? []) as never[] };
    },
  };
}

/** Builds pg-boss's statements only: never started, it holds no connection of its own. */
const statements = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('jobs are queued through an executor')) },
  schema: JOB_SCHEMA,
  migrate: false,
  supervise: false,
  schedule: false,
});

/** What a job may carry beside its data: a chosen id (a recurring job's, jobs/schedule.ts). */
export interface JobOptions {
  id?: string;
  singletonKey?: string;
}

/**
 * Queues one job of `kind` per item, on `db` (the caller's transaction, or the database). A job
 * whose `options.id` (the same for all, or the item's) exists already in its queue is not queued
 * again.
 */
export async function enqueueJobs<K extends JobKind>(
  db: Executor,
  config: Pick<Config, 'jobs'>,
  kind: K,
  items: readonly JobData[K][],
  options: JobOptions | ((data: JobData[K]) => JobOptions) = {},
): Promise<void> {
  if (items.length === 0) return;
  const { retentionSeconds, ...policy } = jobPolicy(config, kind);
  const keepUntil = new Date(Date.now() + retentionSeconds * 1000).toISOString();
  await statements.insert(
    items.map((data) => ({
      name: kind,
      data,
      ...policy,
      keepUntil,
      ...(typeof options === 'function' ? options(data) : options),
    })),
    { db: executorDb(db) },
  );
}

/** Queues one job outside any transaction and tells this process's runner to look now. */
export async function startJob<K extends JobKind>(
  deps: { config: Pick<Config, 'jobs'>; database: DatabaseHandle },
  kind: K,
  data: JobData[K],
): Promise<void> {
  await enqueueJobs(deps.database.db, deps.config, kind, [data]);
  nudgeJobs(deps.database, kind);
}
