/**
 * `npm run bench:orders`: order submission latency under 10 concurrent clients.
 *
 * The app runs in process (Hono's `app.request`, no sockets) on a fresh database: embedded PGlite
 * by default, or a new database on the PostgreSQL of DATABASE_URL (`npx tsx
 * tests/tools/with-postgres.ts npm run bench:orders`). The database is migrated and seeded like the
 * API-test template. Every order is a different new customer at the demo UTOPIA Fiber address
 * (router and one mesh extender), alternately paid by card (a stand-in processor in memory, no
 * network) and by bank account; captcha tokens are solved beforehand with a cheap proof of work,
 * so only POST /self_signup is timed: validation, password strength, argon2id hash, the
 * transaction with captcha check, offering and cart, every write and the outbox email.
 *
 * Besides the latencies it prints the CPU time each order cost (Linux's per-thread counts in
 * /proc, 10 ms ticks, summed over the timed run): on the event loop's thread, and on the others
 * (the password worker, argon2 in libuv's pool, the garbage collector's helpers). With a closed
 * loop of C clients the throughput is bounded by both (the event loop is one core; everything
 * shares the machine's cores), and CPU time, unlike the latencies, hardly changes when other work
 * on the machine makes the threads wait for a core.
 *
 * Options: --orders N (default 200), --concurrency C (default 10).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { createLogger } from '../../src/server/logger.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import {
  addressFacts,
  CHEAP_CAPTCHA_ENV,
  FakeCardProcessor,
  newKey,
  orderBody,
  postOrder,
  solveCaptcha,
  uniqueUsername,
} from '../api/self-signup-support.ts';
import { CookieClient } from '../support/http-client.ts';
import { latency, latencyLine, machineLine, startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '10' },
  },
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const WARM_UP = 5;

/** Phase times of each placed order, from the server's log line (ms per phase). */
const phaseTimes: Record<string, number>[] = [];
const logger = createLogger('info', {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; level?: string; ms?: Record<string, number> };
    if (entry.msg === 'signup order placed' && entry.ms) phaseTimes.push(entry.ms);
    else if (entry.level === 'error' || entry.level === 'warn') process.stderr.write(line);
  },
});
const bench = await startBenchApp({
  name: 'orders',
  env: CHEAP_CAPTCHA_ENV,
  logger,
  seedOptions: { testing: true },
  postgres: 'from-env',
});
const { app, config } = bench;
const cards = new FakeCardProcessor();
useCardProcessor(config, cards);

const setupClient = CookieClient.forApp(app);
const facts = await addressFacts(setupClient, DEMO_ADDRESSES.utopiaOrderable);

/**
 * CPU ticks (1/100 s, utime + stime) of the event loop's thread and of all other threads of this
 * process; undefined where /proc is not there. A thread that ends during the run would take its
 * ticks with it; none does (the password worker lives a minute after its last check).
 */
function threadCpu(): { loop: number; others: number } | undefined {
  try {
    let loop = 0;
    let others = 0;
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number(task) === process.pid) loop += ticks;
      else others += ticks;
    }
    return { loop, others };
  } catch {
    return undefined;
  }
}

interface Prepared {
  body: unknown;
  key: string;
}

async function prepare(index: number): Promise<Prepared> {
  const payment = index % 2 === 0 ? 'card' : 'bank';
  return {
    body: {
      ...orderBody(facts, {
        username: uniqueUsername('bench'),
        payment,
        card: payment === 'card' ? cards.addCard() : undefined,
        router: true,
        meshQuantity: 1,
      }),
      recaptcha_token: await solveCaptcha(setupClient),
    },
    key: newKey(),
  };
}

const prepared: Prepared[] = [];
for (let i = 0; i < ORDERS + WARM_UP; i += 1) prepared.push(await prepare(i));

async function submit(order: Prepared): Promise<number> {
  const client = CookieClient.forApp(app);
  await client.get('/csrf');
  const started = performance.now();
  const response = await postOrder(client, order.body, order.key);
  const elapsed = performance.now() - started;
  if (response.status !== 201) {
    throw new Error(`order refused: ${response.status} ${await response.text()}`);
  }
  return elapsed;
}

for (const order of prepared.slice(0, WARM_UP)) await submit(order);
phaseTimes.length = 0;

const queue = prepared.slice(WARM_UP);
const times: number[] = [];
const wallStarted = performance.now();
const cpuStarted = threadCpu();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let order = queue.shift(); order; order = queue.shift()) times.push(await submit(order));
  }),
);
const wallSeconds = (performance.now() - wallStarted) / 1000;
const cpuEnded = threadCpu();
await bench.close();

console.log(
  `Order submission (POST /self_signup), ${times.length} orders, ${CONCURRENCY} concurrent clients, ` +
    `app in process, ${bench.engine}; seed ${bench.seedSeconds.toFixed(1)} s:`,
);
console.log(
  `  ${latencyLine(latency(times))}   ${(times.length / wallSeconds).toFixed(1)} orders/s`,
);
const phases = Object.keys(phaseTimes[0] ?? {});
console.log(
  `  server-side mean per phase: ${phases
    .map((phase) => {
      const values = phaseTimes.map((entry) => entry[phase] ?? 0);
      return `${phase} ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1)}`;
    })
    .join(', ')} (ms)`,
);
if (cpuStarted && cpuEnded) {
  const perOrder = (ticks: number) => ((ticks * 10) / times.length).toFixed(1);
  const loop = cpuEnded.loop - cpuStarted.loop;
  const others = cpuEnded.others - cpuStarted.others;
  console.log(
    `  CPU per order: ${perOrder(loop + others)} ms, of which ${perOrder(loop)} on the event ` +
      `loop's thread and ${perOrder(others)} on the other threads`,
  );
}
console.log(machineLine());
