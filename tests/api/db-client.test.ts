/**
 * The database API reads values the same way on both engines, whatever the embedded database does
 * to spare drizzle its per-statement parsers (src/server/db/client.ts): drizzle's rows as their
 * columns' modes, drizzle's raw statements as text, the job runner's raw statements as dates.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { activityLog } from '../../src/server/activity/schema.ts';
import { createTestDatabase } from '../support/database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbSnapshot'));
});
afterAll(() => database.close());

const AT = '2026-03-04T05:06:07.000Z';

describe('values read from the database', () => {
  it('gives drizzle a timestamp column as a Date, in and out of a transaction', async () => {
    const row = { at: new Date(AT), cid: 1, login: 'reader', address: '192.0.2.1' };
    const [inserted] = await database.db
      .insert(activityLog)
      .values({ ...row, action: 'test.read', summary: 'Read back', outcome: 'ok' })
      .returning({ id: activityLog.id, at: activityLog.at });
    expect(inserted!.at).toBeInstanceOf(Date);
    expect(inserted!.at.toISOString()).toBe(AT);
    const read = await database.db.transaction((tx) =>
      tx
        .select({ at: activityLog.at })
        .from(activityLog)
        .where(sql`${activityLog.id} = ${inserted!.id}`),
    );
    expect(read[0]!.at.toISOString()).toBe(AT);
  });

  it('gives drizzle’s raw statements dates, intervals, numerics and arrays as text', async () => {
    const result = (await database.db.execute(
      sql`select ${AT}::timestamptz as at, '2026-03-04'::date as day, interval '90 minutes' as span,
        1.50::numeric as amount, array[${AT}::timestamptz] as ats, 7::int as n, true as yes`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const [row] = result.rows;
    expect(typeof row!.at).toBe('string');
    expect(new Date(String(row!.at)).toISOString()).toBe(AT);
    expect(row!.day).toBe('2026-03-04');
    expect(row!.span).toBe('01:30:00');
    expect(row!.amount).toBe('1.50');
    expect(typeof row!.ats).toBe('string');
    expect(row!.n).toBe(7);
    expect(row!.yes).toBe(true);
  });

  it('gives the job runner’s raw statements dates as Dates, with values and without', async () => {
    const withValues = await database.executeSql('select $1::timestamptz as at, 7::int as n', [AT]);
    expect(withValues.rows[0]!.at).toBeInstanceOf(Date);
    expect((withValues.rows[0]!.at as Date).toISOString()).toBe(AT);
    expect(withValues.rows[0]!.n).toBe(7);
    const without = await database.executeSql(`select '${AT}'::timestamptz as at`);
    expect((without.rows[0]!.at as Date).toISOString()).toBe(AT);
  });
});
