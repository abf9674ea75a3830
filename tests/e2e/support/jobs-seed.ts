/**
 * What the Admin "Jobs" page's browser test (tests/e2e/admin-jobs.spec.ts) finds on the e2e
 * server: one email the mail server never took, its delivery out of retries (its failed job with
 * the last SMTP answer, and its dead job in `mail.deliver.dead`, handled), and a billing pass a
 * quarter done. Written as the runner and the pass leave them, since a real outage would take the
 * email's whole retry schedule.
 */
import { emailOutbox } from '../../../src/server/db/schema.ts';
import type { DatabaseHandle } from '../../../src/server/db/client.ts';
import { recordProgress } from '../../../src/server/jobs/progress.ts';
import { JOB_SCHEMA } from '../../../src/server/jobs/queues.ts';

/** Whom the seeded email was for. */
export const SEEDED_MAIL_TO = 'jobs-page@example.test';
/** The last SMTP answer of the seeded email. */
export const SEEDED_MAIL_ERROR = '421 4.7.0 Try again later';
/** The seeded billing pass: its key, and customers done of total. */
export const SEEDED_PASS = { kind: 'billing.pass', key: '2026-11-01', done: 2_500, total: 10_000 };

export async function seedJobsPage(database: DatabaseHandle): Promise<void> {
  const [email] = await database.db
    .insert(emailOutbox)
    .values({
      to: SEEDED_MAIL_TO,
      from: 'billing@example.test',
      subject: 'Your bill',
      text: 'Your bill is ready.',
      html: '<p>Your bill is ready.</p>',
      failedAt: new Date(),
      error: SEEDED_MAIL_ERROR,
    })
    .returning({ id: emailOutbox.id });
  const data = JSON.stringify({ outboxId: email!.id });
  const output = JSON.stringify({ message: SEEDED_MAIL_ERROR });
  await database.executeSql(
    `insert into ${JOB_SCHEMA}.job (name, data, state, output, started_on, completed_on, retry_count)
     values ('mail.deliver', $1::jsonb, 'failed', $2::jsonb, now(), now(), 11)`,
    [data, output],
  );
  await database.executeSql(
    `insert into ${JOB_SCHEMA}.job (name, data, state, completed_on)
     values ('mail.deliver.dead', $1::jsonb, 'completed', now())`,
    [data],
  );
  await recordProgress(database.db, SEEDED_PASS);
}
