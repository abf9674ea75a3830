/**
 * Recurring jobs (src/server/jobs/schedule.ts, docs/operations.md "Recurring jobs"): every
 * instance queues the job of the current slot, and one job per kind and slot exists, whatever the
 * number of instances asking at once, also once it is finished and archived; the next slot of the
 * app's clock gets its own. On PGlite and on PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../src/server/clock.ts';
import { JOB_SCHEMA } from '../../src/server/jobs/queues.ts';
import { queueDueSlots, type Recurring } from '../../src/server/jobs/schedule.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A kind that exists, queued here on a timer of the test's own. */
const daily: Recurring<'recovery.username'> = {
  kind: 'recovery.username',
  every: 'day',
  data: (slot) => ({ email: `daily-${slot}@example.test` }),
};
const everyMinute: Recurring<'recovery.password'> = {
  kind: 'recovery.password',
  every: 60,
  data: (slot) => ({ username: `minute-${slot}` }),
};

/** An instance: its own clock (at the same instant) and its own memory of queued slots. */
function instance(at: string) {
  return { deps: { ...t, clock: new SettableClock(at) }, known: new Map() };
}

/** The jobs of a kind, in the job table and in the archive, with their slot key. */
async function jobsOf(kind: string): Promise<string[]> {
  const { rows } = await t.database.executeSql(
    `select singleton_key from ${JOB_SCHEMA}.job where name = $1
     union all select singleton_key from ${JOB_SCHEMA}.archive where name = $1
     order by 1`,
    [kind],
  );
  return rows.map((row) => String((row as { singleton_key: string }).singleton_key));
}

describe('a recurring job', () => {
  it('is queued once per business date, by any number of instances, also after it is archived', async () => {
    // 08:00 in Denver, the service time zone: the business date 2031-03-04.
    const a = instance('2031-03-04T15:00:00Z');
    const b = instance('2031-03-04T15:00:00Z');
    await Promise.all([
      queueDueSlots(a.deps, a.known, [daily]),
      queueDueSlots(b.deps, b.known, [daily]),
      queueDueSlots(a.deps, new Map(), [daily]),
      queueDueSlots(b.deps, new Map(), [daily]),
    ]);
    expect(await jobsOf(daily.kind)).toEqual(['2031-03-04']);

    // Run and archived (pg-boss moves finished jobs there), later that day: still the one job.
    await t.jobs.drain();
    await t.database.executeSql(
      `with moved as (delete from ${JOB_SCHEMA}.job where name = $1 returning *)
       insert into ${JOB_SCHEMA}.archive select *, now() from moved`,
      [daily.kind],
    );
    b.deps.clock.set('2031-03-05T06:59:00Z');
    expect(await queueDueSlots(b.deps, new Map(), [daily])).toEqual([]);
    expect(await jobsOf(daily.kind)).toEqual(['2031-03-04']);

    // Midnight in Denver: the next business date has its job.
    a.deps.clock.set('2031-03-05T07:00:00Z');
    b.deps.clock.set('2031-03-05T07:00:00Z');
    await Promise.all([
      queueDueSlots(a.deps, a.known, [daily]),
      queueDueSlots(b.deps, b.known, [daily]),
    ]);
    expect(await jobsOf(daily.kind)).toEqual(['2031-03-04', '2031-03-05']);
  });

  it('is queued once per slot of seconds', async () => {
    const a = instance('2031-03-04T15:00:00.000Z');
    const b = instance('2031-03-04T15:00:59.999Z');
    await queueDueSlots(a.deps, a.known, [everyMinute]);
    await queueDueSlots(b.deps, b.known, [everyMinute]);
    a.deps.clock.advance(30_000);
    await queueDueSlots(a.deps, new Map(), [everyMinute]);
    expect(await jobsOf(everyMinute.kind)).toEqual(['2031-03-04T15:00:00.000Z']);

    b.deps.clock.advance(1);
    await queueDueSlots(b.deps, b.known, [everyMinute]);
    expect(await jobsOf(everyMinute.kind)).toEqual([
      '2031-03-04T15:00:00.000Z',
      '2031-03-04T15:01:00.000Z',
    ]);
  });
});
