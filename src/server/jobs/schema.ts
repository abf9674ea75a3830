/**
 * The job runner's tables: pg-boss's own (in the `pgboss` schema, created and upgraded by its
 * versioned plans, under an advisory lock of its own) and one queue per job kind and per
 * dead-letter queue. Runs as the last migration step (`DatabaseHandle.migrate`), so that the
 * test template and every copy of it have them, and a server only checks them at start.
 */
import PgBoss from 'pg-boss';
import { JOB_KINDS, JOB_SCHEMA, deadLetterQueue } from './queues.ts';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export async function installJobSchema(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) as Promise<{ rows: never[] }> },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    // A queue names its dead-letter queue, which must exist first.
    for (const kind of JOB_KINDS) {
      await boss.createQueue(deadLetterQueue(kind), { name: deadLetterQueue(kind) });
      await boss.createQueue(kind, { name: kind, deadLetter: deadLetterQueue(kind) });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
