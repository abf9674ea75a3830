/** What /health and /metrics say about the jobs and the email outbox, read from the database. */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { JOB_SCHEMA } from './queues.ts';

export interface QueueState {
  queue: string;
  state: string;
  count: number;
}

/** How many jobs each queue has in each state (finished ones until they are archived). */
export async function jobCounts(database: DatabaseHandle): Promise<QueueState[]> {
  const { rows } = await database.executeSql(
    `select name, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job group by name, state`,
  );
  return rows.map((row) => ({
    queue: String(row.name),
    state: String(row.state),
    count: Number(row.count),
  }));
}

export interface Waiting {
  queue: string;
  /** Jobs not yet done: waiting for their first run or for a retry. */
  count: number;
  /** Seconds since the oldest of them was queued. */
  oldestSeconds: number;
}

/** Per queue, the jobs waiting (created, or failed and waiting for a retry) and the oldest's age. */
export async function waitingJobs(database: DatabaseHandle): Promise<Waiting[]> {
  const { rows } = await database.executeSql(
    `select name, count(*)::int as count,
            extract(epoch from now() - min(created_on))::float8 as oldest
       from ${JOB_SCHEMA}.job where state in ('created', 'retry') group by name`,
  );
  return rows.map((row) => ({
    queue: String(row.name),
    count: Number(row.count),
    oldestSeconds: Number(row.oldest),
  }));
}

export interface OutboxState {
  /** Neither sent nor given up. */
  unsent: number;
  /** Seconds since the oldest unsent email was written; 0 when there is none. */
  oldestUnsentSeconds: number;
  /** Given up, among the emails of the last 7 days. */
  failedLastWeek: number;
}

export async function outboxState(database: DatabaseHandle): Promise<OutboxState> {
  const result = (await database.db.execute(sql`
    select
      (select count(*)::int from email_outbox
        where sent_at is null and failed_at is null) as unsent,
      (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 from email_outbox
        where sent_at is null and failed_at is null) as oldest,
      (select count(*)::int from email_outbox
        where created_at > now() - interval '7 days' and failed_at is not null) as failed
  `)) as unknown as { rows: { unsent: number; oldest: number; failed: number }[] };
  const [row] = result.rows;
  return {
    unsent: Number(row?.unsent ?? 0),
    oldestUnsentSeconds: Number(row?.oldest ?? 0),
    failedLastWeek: Number(row?.failed ?? 0),
  };
}
