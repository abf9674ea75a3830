/**
 * `npm run bench:billing`: the billing run and the billing endpoints at scale (docs/billing.md
 * "Benchmark").
 *
 *   npm run bench:billing -- [--customers 100000] [--requests 200] [--payments 200]
 *                            [--concurrency 10] [--batch 1000] [--latency 150]
 *                            [--charge-concurrency 16] [--autopay-sample 0]
 *   npx tsx tests/tools/with-postgres.ts npm run bench:billing   (the same on PostgreSQL)
 *
 * The app runs in process (Hono's `app.request`) on a fresh database: embedded PGlite, or a new
 * database on the PostgreSQL of DATABASE_URL; migrated and seeded like the API-test template
 * (without the demo billing data). The stand-in card provider runs as `npm start` runs it: its own
 * HTTP server on its own port, reached by the card processor over HTTP. Business dates come from a
 * clock set at noon of the billing date.
 *
 * 1. A customer with 5 years of history: 60 monthly bills, each paid by autopay on its due date,
 *    made by billing passes on each bill's issue date and due date (120 passes).
 * 2. `--customers` customers in bulk (multi-row inserts, `--batch` rows each), automatic payment
 *    by card, their service activated 21 days before the billing date: on the billing date their
 *    first month has begun and its bill falls due.
 * 3. The billing pass of the billing date as the job runner runs it (`charges: 'jobs'`, timed): it
 *    issues every customer's bill and queues one charge job per autopay bill; then the job runner
 *    of this process charges them, `--charge-concurrency` in flight (BILLING_CHARGE_CONCURRENCY),
 *    against the provider with `--latency` ms added to each of its calls (a realistic processor's
 *    150 ms). Autopay throughput is compared with in-flight ÷ latency, over all the charges or the
 *    first `--autopay-sample` of them (the runner is then stopped).
 * 4. GET /billing/bills of the 5-year customer, `--requests` times each: the first page and a deep
 *    page (offset 50), one request at a time.
 * 5. POST /billing/payments by card, each with its own Idempotency-Key, `--payments` in all from
 *    `--concurrency` clients at once: each client its own customer, then all the same customer
 *    (the 5-year one).
 */
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BILLING_PATHS } from '../../src/shared/billing/schemas.ts';
import { addDays } from '../../src/shared/signup/dates.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/shared/signup/order.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { cartFor } from '../../src/server/billing/accounts.ts';
import {
  addMonthsOnDay,
  anchorDay,
  dueDateOf,
  periodStart,
} from '../../src/server/billing/cycle.ts';
import { runBillingPass, type PassReport } from '../../src/server/billing/run.ts';
import { startCardProvider } from '../../src/server/billing/card-provider/server.ts';
import { createJobRunner } from '../../src/server/jobs/runner.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import { createSandboxCardProcessor } from '../../src/server/billing/processors/sandbox-processor.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { rateLimits } from '../../src/server/db/schema.ts';
import { SEED_STEPS } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { BILLING_SEED_STEPS } from '../../src/server/billing/demo-seed.ts';
import { CookieClient } from '../support/http-client.ts';
import { freePort } from '../support/postgres.ts';
import { latency, machineLine, ms, startBenchApp, type Latency, type App } from './bench-app.ts';
import { insertCustomers, type BulkCustomer } from './bench-customers.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    payments: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '10' },
    batch: { type: 'string', default: '1000' },
    'profile-pass': { type: 'string' },
    latency: { type: 'string', default: '150' },
    'charge-concurrency': { type: 'string', default: '16' },
    'autopay-sample': { type: 'string', default: '0' },
  },
});
const CUSTOMERS = Number(values.customers);
const REQUESTS = Number(values.requests);
const PAYMENTS = Number(values.payments);
const CONCURRENCY = Number(values.concurrency);
const BATCH = Number(values.batch);
const LATENCY_MS = Number(values.latency);
const CHARGE_CONCURRENCY = Number(values['charge-concurrency']);
const AUTOPAY_SAMPLE = Number(values['autopay-sample']);
const WARM_UP = 10;
const PASSWORD = 'Quiet-Harbor-Lantern-42';
const HISTORY_MONTHS = 60;
const DEEP_OFFSET = 50;

/** The billing date of the timed pass. */
const BILLING_DATE = '2031-03-10';
const noonOn = (date: string) => `${date}T19:00:00Z`;

const loadBefore = os.loadavg()[0];
const clock = new SettableClock(noonOn(BILLING_DATE));
const providerPort = await freePort();
const bench = await startBenchApp({
  name: 'billing',
  env: {
    CARD_PROVIDER_PORT: String(providerPort),
    BILLING_CHARGE_CONCURRENCY: String(CHARGE_CONCURRENCY),
  },
  clock,
  logger: createLogger('warn'),
  // The demo customers' bills would be billed by the same passes: left out.
  steps: SEED_STEPS.filter((step) => !BILLING_SEED_STEPS.includes(step)),
  seedOptions: { testing: true },
  postgres: 'from-env',
});
const { app, config, database, logger } = bench;
const provider = await startCardProvider({ config, db: database.db, logger });
// The processor's latency: each call to the provider is answered LATENCY_MS after it was made
// (the stand-in's own work counts in it).
useCardProcessor(
  config,
  createSandboxCardProcessor(config, {
    fetch: async (input, init) => {
      const started = performance.now();
      const response = await fetch(input, init);
      // The body first: the processor's own timeout covers reading it.
      const body = await response.arrayBuffer();
      await sleep(Math.max(0, LATENCY_MS - (performance.now() - started)));
      return new Response(body, response);
    },
  }),
);
const deps = { config, database, logger, clock };

async function pass(today: string, charges: 'inline' | 'jobs' = 'inline'): Promise<PassReport> {
  clock.set(noonOn(today));
  return runBillingPass(deps, { today, charges });
}

/** Autopay payments recorded on the billing date. */
async function autopayPaid(): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as n from payments where source = 'autopay' and payment_date = $1`,
    [BILLING_DATE],
  );
  return Number((rows[0] as { n: number }).n);
}

/** A CPU profile of the timed pass only (`--profile-pass <file>.cpuprofile`, for Chrome's DevTools). */
async function startProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

function check(condition: boolean, what: string) {
  if (!condition) throw new Error(`benchmark set-up: ${what}`);
}

// 1. The 5-year customer: activated so that its 61st month begins the day after the billing date.
const passwordHash = await hashPassword(PASSWORD);
const dayAfter = addDays(BILLING_DATE, 1);
const historyStart = addMonthsOnDay(dayAfter, -HISTORY_MONTHS, anchorDay(dayAfter));
const historyOrder = await cartFor(database.db, {
  productName: config.productName,
  today: historyStart,
});
const [veteran] = await insertCustomers(database.db, {
  prefix: 'veteran',
  count: 1,
  order: historyOrder,
  activatedOn: historyStart,
  orderedAt: new Date(noonOn(historyStart)),
  automatic: true,
  passwordHash,
  loginCount: 1,
});
const historyStarted = performance.now();
const historyDates = new Set<string>();
for (let k = 1; k <= HISTORY_MONTHS; k += 1) {
  const issued = periodStart(historyStart, k);
  historyDates.add(issued).add(dueDateOf(issued));
}
let historyCharges = 0;
for (const date of [...historyDates].sort()) historyCharges += (await pass(date)).charges;
const historySeconds = (performance.now() - historyStarted) / 1000;
check(historyCharges === HISTORY_MONTHS, `the 5-year customer paid ${historyCharges} bills`);

// 2. The customers of the billing date, in bulk.
const activatedOn = addDays(BILLING_DATE, -21);
const order = await cartFor(database.db, { productName: config.productName, today: activatedOn });
const seedStarted = performance.now();
const customers = await insertCustomers(database.db, {
  prefix: 'bench',
  count: CUSTOMERS,
  order,
  activatedOn,
  orderedAt: new Date(noonOn(activatedOn)),
  automatic: true,
  passwordHash,
  loginCount: CONCURRENCY,
  batch: BATCH,
});
const seedSeconds = (performance.now() - seedStarted) / 1000;
check(dueDateOf(activatedOn) === BILLING_DATE, 'the first bills fall due on the billing date');

// 3. The timed pass, then its autopay charges on the job runner.
const profiler = values['profile-pass'] ? await startProfiler() : undefined;
const passStarted = performance.now();
const passCpu = process.cpuUsage();
const report = await pass(BILLING_DATE, 'jobs');
const passSeconds = (performance.now() - passStarted) / 1000;
const passCpuSeconds = cpuSeconds(process.cpuUsage(passCpu));
if (profiler) await profiler.stop(values['profile-pass']!);
check(report.billsIssued >= CUSTOMERS, `the pass issued ${report.billsIssued} bills`);
check(report.chargesQueued >= CUSTOMERS, `the pass queued ${report.chargesQueued} charges`);
const paidBefore = await autopayPaid();
const autopayTarget = AUTOPAY_SAMPLE > 0 ? Math.min(AUTOPAY_SAMPLE, CUSTOMERS) : CUSTOMERS;
const runner = createJobRunner(deps);
const autopayStarted = performance.now();
await runner.start();
let autopayDone = 0;
while (autopayDone < autopayTarget) {
  await sleep(250);
  autopayDone = (await autopayPaid()) - paidBefore;
}
const autopaySeconds = (performance.now() - autopayStarted) / 1000;
await runner.stop();
const autopayCharged = (await autopayPaid()) - paidBefore;
const autopayPerSecond = autopayDone / autopaySeconds;
const autopayIdeal = CHARGE_CONCURRENCY / (LATENCY_MS / 1000);
// The same pass again: nothing issued, nothing queued (a charge left has its job already).
const rerunStarted = performance.now();
const rerun = await pass(BILLING_DATE, 'jobs');
const rerunSeconds = (performance.now() - rerunStarted) / 1000;
check(
  rerun.billsIssued === 0 && rerun.chargesQueued === 0,
  `the second pass issued ${rerun.billsIssued} bills and queued ${rerun.chargesQueued} charges`,
);
const charges = (
  await database.executeSql(
    `select count(*)::int as n, count(distinct idempotency_key)::int as keys from card_provider_charges`,
  )
).rows[0] as { n: number; keys: number };
check(
  charges.n === charges.keys,
  `the provider charged ${charges.n} times for ${charges.keys} keys`,
);

// 4. GET /billing/bills of the 5-year customer.
async function loggedIn(username: string): Promise<CookieClient> {
  // Eleven sessions of one login are more than its login rate limit allows: not what is measured.
  await database.db.delete(rateLimits);
  const client = CookieClient.forApp(app as App);
  const response = await client.post('/auth/tokens', {
    username,
    password: PASSWORD,
    store_in_cookies: true,
  });
  check(response.status === 200, `login of ${username}: ${response.status}`);
  await response.arrayBuffer();
  return client;
}

const veteranClient = await loggedIn(veteran.username);
async function timedBills(offset: number): Promise<number> {
  const started = performance.now();
  const response = await veteranClient.get(`${BILLING_PATHS.bills}?offset=${offset}`);
  const body = (await response.json()) as { bills: unknown[]; total: number };
  const elapsed = performance.now() - started;
  check(response.status === 200, `GET bills answered ${response.status}`);
  check(body.total >= HISTORY_MONTHS && body.bills.length > 0, 'the history is listed');
  return elapsed;
}
const billPages: Record<string, Latency> = {};
for (const [label, offset] of [
  ['first page', 0],
  [`offset ${DEEP_OFFSET}`, DEEP_OFFSET],
] as const) {
  for (let i = 0; i < WARM_UP; i += 1) await timedBills(offset);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await timedBills(offset));
  billPages[label] = latency(times);
}

// 5. POST /billing/payments under CONCURRENCY clients.
let keyCounter = 0;
async function timedPayment(client: CookieClient, payer: BulkCustomer): Promise<number> {
  keyCounter += 1;
  const started = performance.now();
  const response = await client.post(
    BILLING_PATHS.payments,
    { amount: 10, payment_account_id: payer.paymentAccountId },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: `bench-pay-${keyCounter}-${Date.now().toString(36)}` } },
  );
  const text = await response.text();
  const elapsed = performance.now() - started;
  check(response.status === 201, `payment answered ${response.status} ${text}`);
  return elapsed;
}

async function payments(
  clients: { client: CookieClient; payer: BulkCustomer }[],
): Promise<{ latency: Latency; perSecond: number }> {
  for (const { client, payer } of clients.slice(0, 2)) await timedPayment(client, payer);
  const times: number[] = [];
  let left = PAYMENTS;
  const started = performance.now();
  await Promise.all(
    clients.map(async ({ client, payer }) => {
      while (left > 0) {
        left -= 1;
        times.push(await timedPayment(client, payer));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latency: latency(times), perSecond: times.length / seconds };
}

async function sequentially<T>(steps: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const step of steps) results.push(await step());
  return results;
}

const payers = customers.slice(0, CONCURRENCY);
const ownCustomers = await payments(
  await sequentially(
    payers.map((payer) => async () => ({ client: await loggedIn(payer.username), payer })),
  ),
);
const sameCustomer = await payments(
  await sequentially(payers.map(() => () => loggedIn(veteran.username))).then((clients) =>
    clients.map((client) => ({ client, payer: veteran })),
  ),
);

await provider.close();
await bench.close();

const n = (value: number) => value.toLocaleString('en-US');
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
console.log(
  `\nBilling benchmark, ${bench.engine}, app in process (app.request), card provider over HTTP ` +
    `on its own port; billing date ${BILLING_DATE}`,
);
console.log(
  `  set-up: migrate and seed ${s(bench.seedSeconds)}; the 5-year customer's ${historyDates.size} passes ${s(historySeconds)}`,
);
console.log(
  `  seed ${n(CUSTOMERS)} customers (multi-row inserts of ${n(BATCH)}): ${s(seedSeconds)} ` +
    `(${n(Math.round(CUSTOMERS / seedSeconds))} customers/s)`,
);
console.log('');
console.log(`  ${'what'.padEnd(58)} ${'figure'.padStart(28)}`);
const row = (what: string, figure: string) =>
  console.log(`  ${what.padEnd(58)} ${figure.padStart(28)}`);
row(
  `billing pass: ${n(report.billsIssued)} bills issued, ${n(report.chargesQueued)} charges queued`,
  `${s(passSeconds)}, ${n(Math.round(CUSTOMERS / passSeconds))} customers/s`,
);
row(`  of which issuing the bills`, s(report.ms.issue / 1000));
row(
  `autopay: ${n(autopayDone)} charges (${CHARGE_CONCURRENCY} in flight, ${LATENCY_MS} ms each)`,
  `${s(autopaySeconds)}, ${autopayPerSecond.toFixed(1)} charges/s`,
);
row(
  `  of in-flight ÷ latency (${autopayIdeal.toFixed(1)} charges/s)`,
  `${((100 * autopayPerSecond) / autopayIdeal).toFixed(0)} %`,
);
row(`  charged in all when the runner stopped`, n(autopayCharged));
row(`  CPU time of the pass (this process)`, s(passCpuSeconds));
row(
  `  per step: ${Object.entries(report.ms)
    .filter(([, value]) => value >= 100)
    .map(([step, value]) => `${step} ${s(value / 1000)}`)
    .join(', ')}`,
  '',
);
row(`the same pass again (nothing issued, nothing queued)`, s(rerunSeconds));
for (const [label, l] of Object.entries(billPages)) {
  row(
    `GET /billing/bills, 60 bills, ${label} (${REQUESTS} requests)`,
    `p50 ${ms(l.p50)}  p95 ${ms(l.p95)}`,
  );
}
for (const [label, result] of [
  [`each client its own customer`, ownCustomers],
  [`all the same customer (5-year history)`, sameCustomer],
] as const) {
  row(
    `POST /billing/payments, ${CONCURRENCY} clients, ${label}`,
    `p50 ${ms(result.latency.p50)}  p95 ${ms(result.latency.p95)}`,
  );
  row(`  (${result.latency.count} card payments)`, `${result.perSecond.toFixed(1)} payments/s`);
}
console.log(`\n${machineLine()}`);
// Other work on the machine shows in the wall-clock figures: say how busy it was.
console.log(
  `Load average (1 min): ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
);
