import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How far long work has come (src/server/jobs/progress.ts): one row per run, named by its job
 * kind and a key of its own (the billing pass: `billing.pass` and the billing date). Written
 * every few hundred items; the Admin "Jobs" page shows the runs not finished.
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    done: integer('done').notNull(),
    total: integer('total').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
