/**
 * `npm run bench:anonymous`: what one anonymous abuser gets out of the public endpoints.
 *
 * The app runs in process (Hono's `app.request`, no sockets) on a fresh embedded database, migrated
 * and seeded like the API-test template. From one client address, a bounded burst of each kind of
 * request is sent with 10 in flight at a time: signup orders with a junk captcha (otherwise valid
 * bodies: a strong password and a card), username look-ups, and browser error reports. For each
 * kind it prints how many were answered 2xx, 4xx other than 429, and 429, the requests per second
 * answered, and how many of them did costly work (an order past the captcha; a report that reached
 * the log).
 *
 * Options: --requests N (default 500 of each kind), --concurrency C (default 10).
 */
import { parseArgs } from 'node:util';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { SIGNUP_ORDER_PATHS } from '../../src/shared/signup/order.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { createLogger } from '../../src/server/logger.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import {
  addressFacts,
  CHEAP_CAPTCHA_ENV,
  FakeCardProcessor,
  orderBody,
  postOrder,
} from '../api/self-signup-support.ts';
import { CookieClient } from '../support/http-client.ts';
import { machineLine, startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '10' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
/** The abuser's address (TEST-NET-3). */
const ABUSER = '203.0.113.7';

let clientErrorsLogged = 0;
let captchasRefused = 0;
const logger = createLogger('info', {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; level?: string };
    if (entry.msg === 'client error') clientErrorsLogged += 1;
    else if (entry.msg === 'signup captcha refused') captchasRefused += 1;
    else if (entry.level === 'error') process.stderr.write(line);
  },
});
const bench = await startBenchApp({
  name: 'anonymous',
  env: CHEAP_CAPTCHA_ENV,
  logger,
  seedOptions: { testing: true },
});
const { app, config } = bench;
const cards = new FakeCardProcessor();
useCardProcessor(config, cards);

const client = CookieClient.forApp(app);
await client.get('/csrf');
const facts = await addressFacts(client, DEMO_ADDRESSES.utopiaOrderable);
const headers = { 'X-Forwarded-For': ABUSER };

interface Tally {
  ok: number;
  refused: number;
  limited: number;
  seconds: number;
}

async function burst(send: (index: number) => Promise<Response>): Promise<Tally> {
  const tally: Tally = { ok: 0, refused: 0, limited: 0, seconds: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const index = next++;
        const response = await send(index);
        await response.arrayBuffer();
        if (response.status === 429) tally.limited += 1;
        else if (response.status < 300) tally.ok += 1;
        else if (response.status < 500) tally.refused += 1;
        else throw new Error(`answered ${response.status}`);
      }
    }),
  );
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

const orders = await burst((i) =>
  postOrder(
    client,
    { ...orderBody(facts, { card: cards.addCard() }), recaptcha_token: `junk-${i}` },
    undefined,
    ABUSER,
  ),
);
const usernames = await burst((i) =>
  client.get(`${SIGNUP_ORDER_PATHS.usernames}?uid=taken${i}&name=Jane%20Doe`, { headers }),
);
const reports = await burst((i) =>
  client.post(
    '/client_errors',
    { message: `TypeError ${i}`, url: '/control/', stack: 'x'.repeat(20_000) },
    { headers },
  ),
);
await bench.close();

const row = (name: string, tally: Tally, costly: string) => {
  const perSecond = (REQUESTS / tally.seconds).toFixed(0);
  console.log(
    `  ${name.padEnd(26)} 2xx ${String(tally.ok).padStart(4)}   4xx ${String(tally.refused).padStart(4)}   429 ${String(tally.limited).padStart(4)}   ${perSecond.padStart(5)} answers/s   ${costly}`,
  );
};

console.log(
  `One anonymous address, ${REQUESTS} requests of each kind, ${CONCURRENCY} in flight (in process, fresh PGlite):`,
);
row(
  'junk-captcha orders',
  orders,
  `${captchasRefused} captcha checks, ${cards.verifyCalls} card look-ups (limit ${LIMITS.ordersPerAddress.max}/h)`,
);
row(
  'username look-ups',
  usernames,
  `limit ${LIMITS.usernameChecksPerAddress.max}/${LIMITS.usernameChecksPerAddress.windowSeconds} s`,
);
row(
  'client error reports',
  reports,
  `${clientErrorsLogged} logged (limit ${LIMITS.clientErrorsPerAddress.max}, log sample ${LIMITS.clientErrorLogPerAddress.max} per ${LIMITS.clientErrorsPerAddress.windowSeconds / 60} min)`,
);
console.log(machineLine());
