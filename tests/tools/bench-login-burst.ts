/**
 * `npm run bench:burst`: rate limits under a burst. On a fresh embedded database, fires at once:
 * 200 wrong-password logins for one username (each from its own address), 200 wrong logins from one
 * address (each for another username), and 39 wrong passwords plus the right one for the demo user.
 * Each burst runs in process (`app.request`) and over a listening HTTP server. Prints, per burst,
 * the answers, how many passwords were checked (audit rows `login_failed`, plus a login), and how
 * many answers came back 401 before the first 429 did.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { count, eq } from 'drizzle-orm';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { AUTH_SEED_STEPS } from '../../src/server/session/demo-seed.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';
import { auditLog, rateLimits } from '../../src/server/db/schema.ts';
import { csrfHeaders, startBenchApp } from './bench-app.ts';

const BURST = 200;

const bench = await startBenchApp({ name: 'burst', steps: AUTH_SEED_STEPS });
const { app, config, database } = bench;
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

type Send = (path: string, init: RequestInit) => Promise<Response>;
const inProcess: Send = async (path, init) => app.request(path, init);
const overHttp: Send = (path, init) => fetch(`${origin}${path}`, init);

function loginRequest(username: string, password: string, address?: string): RequestInit {
  return {
    method: 'POST',
    headers: csrfHeaders(address ? { 'X-Forwarded-For': address } : {}),
    body: JSON.stringify({ username, password, store_in_cookies: false }),
  };
}

async function countEvents(event: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.event, event));
  return row.n;
}

interface Attempt {
  username: string;
  password: string;
  address?: string;
}

async function burst(label: string, send: Send, attempts: Attempt[], rightAt?: number) {
  await database.db.delete(rateLimits);
  const failedBefore = await countEvents('login_failed');
  const loginsBefore = await countEvents('login');
  const finished: number[] = [];
  await Promise.all(
    attempts.map(async (a) => {
      const response = await send(
        `${API_BASE_PATH}/auth/tokens`,
        loginRequest(a.username, a.password, a.address),
      );
      await response.arrayBuffer();
      finished.push(response.status);
      return response.status;
    }),
  );
  const checked =
    (await countEvents('login_failed')) -
    failedBefore +
    (await countEvents('login')) -
    loginsBefore;
  const first429 = finished.indexOf(429);
  const before429 = (first429 === -1 ? finished : finished.slice(0, first429)).filter(
    (s) => s === 401,
  ).length;
  const tally = [200, 401, 429]
    .map((status) => `${status}×${finished.filter((s) => s === status).length}`)
    .join(' ');
  const loggedIn =
    rightAt === undefined
      ? ''
      : `   right password logged in: ${finished.includes(200) ? 'yes' : 'no'}`;
  console.log(
    `  ${label.padEnd(44)} ${tally.padEnd(20)} checked ${String(checked).padStart(3)}   401 before first 429: ${
      first429 === -1 ? `${before429} (no 429)` : before429
    }${loggedIn}`,
  );
}

const oneUsername = (address: (i: number) => string | undefined): Attempt[] =>
  Array.from({ length: BURST }, (_, i) => ({
    username: 'viewer',
    password: `wrong password ${i}`,
    address: address(i),
  }));
const oneAddress = (address: string | undefined): Attempt[] =>
  Array.from({ length: BURST }, (_, i) => ({
    username: `burst-${i}`,
    password: 'wrong password',
    address,
  }));
const demoWithRight = (address: (i: number) => string | undefined): Attempt[] =>
  Array.from({ length: 40 }, (_, i) => ({
    username: 'demo',
    password: i === 39 ? config.demoPassword : `wrong password ${i}`,
    address: address(i),
  }));

console.log(
  `Login bursts (limits: ${LIMITS.loginPerUsername.max} per username, ${LIMITS.loginPerAddress.max} per address, per ${LIMITS.loginPerUsername.windowSeconds / 60} minutes):`,
);
const spread = (i: number) => `10.99.${i >> 8}.${i & 255}`;
await burst(`in process: ${BURST} wrong, one username`, inProcess, oneUsername(spread));
await burst(`in process: ${BURST} wrong, one address`, inProcess, oneAddress('10.98.0.1'));
await burst('in process: demo, 39 wrong + the right one', inProcess, demoWithRight(spread), 39);
// Over HTTP every request comes from 127.0.0.1, so the address limit applies too.
await burst(
  `HTTP: ${BURST} wrong, one username`,
  overHttp,
  oneUsername(() => undefined),
);
await burst(`HTTP: ${BURST} wrong, one address`, overHttp, oneAddress(undefined));
await burst(
  'HTTP: demo, 39 wrong + the right one',
  overHttp,
  demoWithRight(() => undefined),
  39,
);

await new Promise((resolve) => server.close(resolve));
await bench.close();
