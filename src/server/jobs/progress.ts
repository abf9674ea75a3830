/**
 * How far long work has come, for the Admin "Jobs" page (docs/operations.md "Jobs page"): the
 * billing pass records its customers done of total as it goes, under its kind (`billing.pass`)
 * and a key of its own (the billing date). One row per run, written over (an upsert on the
 * primary key): cheap enough to call every few hundred items, inside or outside a transaction.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobProgress } from '../db/schema.ts';

export interface ProgressInput {
  /** The work's kind, e.g. `billing.pass`. */
  kind: string;
  /** Which run of it, e.g. the billing date `2026-12-01`. */
  key: string;
  /** Items done so far (0 ≤ done ≤ total). */
  done: number;
  /** Items in the whole run. */
  total: number;
  /** When this was true (the app's clock); the database's time when left out. */
  at?: Date;
}

export interface Progress {
  kind: string;
  key: string;
  done: number;
  total: number;
  /** When the run first recorded its progress. */
  startedAt: Date;
  /** When it last did. */
  updatedAt: Date;
}

function checked(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`Progress ${name} must be a whole number ≥ 0, not ${value}`);
  }
  return value;
}

/** Records how far the run `kind`/`key` has come (creating it at its first call). */
export async function recordProgress(db: Executor, input: ProgressInput): Promise<void> {
  const total = checked(input.total, 'total');
  const done = Math.min(checked(input.done, 'done'), total);
  const at = input.at ?? sql`now()`;
  await db
    .insert(jobProgress)
    .values({ kind: input.kind, key: input.key, done, total, startedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [jobProgress.kind, jobProgress.key],
      set: { done, total, updatedAt: at },
    });
}

const columns = {
  kind: jobProgress.kind,
  key: jobProgress.key,
  done: jobProgress.done,
  total: jobProgress.total,
  startedAt: jobProgress.startedAt,
  updatedAt: jobProgress.updatedAt,
};

/** One run's progress, if it recorded any. */
export async function progressOf(
  db: Executor,
  kind: string,
  key: string,
): Promise<Progress | undefined> {
  const [row] = await db
    .select(columns)
    .from(jobProgress)
    .where(and(eq(jobProgress.kind, kind), eq(jobProgress.key, key)));
  return row;
}

/** The runs not finished (fewer done than their total), oldest first. */
export async function unfinishedProgress(db: Executor): Promise<Progress[]> {
  return db
    .select(columns)
    .from(jobProgress)
    .where(lt(jobProgress.done, jobProgress.total))
    .orderBy(asc(jobProgress.startedAt), asc(jobProgress.kind), asc(jobProgress.key));
}
