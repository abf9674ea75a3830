/**
 * `npm run bench:memory`: the server's resident memory, measured from outside as an operator
 * sees it (VmRSS and its peak VmHWM in /proc/<pid>/status).
 *
 *   npm run bench:memory -- [--addresses 250000] [--rounds 20] [--settle 5]
 *
 * Starts the real server as `npm start` runs it (built from `src/server/cli/start.ts`, by plain
 * node) as a child process on free ports with a fresh DATA_DIR: the first start creates the
 * database and seeds it (in a process of its own); the second start reuses it. After each start it waits `settle` seconds and reads the
 * idle figures, then sends `rounds` rounds of requests (each: 10 address suggestions, 2 service
 * offerings, 1 login, all with different input) and reads them again. A bare Hono server started
 * the same way gives the floor for comparison. Exits non-zero when the server's idle memory is
 * over {@link IDLE_BUDGET_MIB}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.ts';
import { API_BASE_PATH, CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '../../src/shared/constants.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import { SERVICEABILITY_PATHS } from '../../src/shared/signup/serviceability.ts';
import {
  freePort,
  IDLE_BUDGET_MIB,
  memoryOf,
  SERVER_READY_TEXT,
  SERVER_START,
  sleep,
  startNode,
  stop,
  type Memory,
} from '../support/server-memory.ts';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '250000' },
    rounds: { type: 'string', default: '20' },
    settle: { type: 'string', default: '5' },
  },
});
const ROUNDS = Number(values.rounds);
/** Issue 34's goal for both starts' idle memory, printed beside the budget the bench holds. */
const IDLE_GOAL_MIB = 150;
const SETTLE_MS = Number(values.settle) * 1000;

const csrf = 'bench-memory-csrf';
const headers = {
  'Content-Type': 'application/json',
  Cookie: `${CSRF_COOKIE_NAME}=${csrf}`,
  [CSRF_HEADER_NAME]: csrf,
};

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** One round: 10 suggestions (varied prefixes), 2 offerings, 1 login. */
async function round(base: string, index: number) {
  const demos = Object.values(DEMO_ADDRESSES);
  for (let i = 0; i < 10; i += 1) {
    const demo = demos[(index * 10 + i) % demos.length];
    const cut = 1 + ((index * 7 + i * 3) % demo.search.length);
    const search = i % 2 === 0 ? demo.search.slice(0, cut) : String(100 + index * 10 + i);
    await expectOk(
      await fetch(`${base}${SERVICEABILITY_PATHS.suggestions}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ search }),
      }),
      'suggestions',
    );
  }
  const serviceable = demos.filter((demo) => demo.service_class_id !== null && demo.provider);
  for (let i = 0; i < 2; i += 1) {
    const demo = serviceable[(index * 2 + i) % serviceable.length];
    const query = new URLSearchParams({
      service_class_id: String(demo.service_class_id),
      address_id: String(demo.id),
    });
    await expectOk(
      await fetch(`${base}${SERVICEABILITY_PATHS.offering}?${query}`, { headers }),
      `offering of address ${demo.id}`,
    );
  }
  await expectOk(
    await fetch(`${base}/auth/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        username: 'demo',
        password: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
        store_in_cookies: true,
      }),
    }),
    'login',
  );
}

interface Row {
  label: string;
  seconds?: number;
  idle: Memory;
  loaded: Memory;
}

async function measure(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  load: (port: number) => Promise<void>,
): Promise<Row> {
  const port = await freePort();
  const started = performance.now();
  const { child, ready } = startNode(args, { ...env, PORT: String(port) }, readyText, 10 * 60_000);
  try {
    await ready;
    const seconds = (performance.now() - started) / 1000;
    await sleep(SETTLE_MS);
    const idle = memoryOf(child.pid!);
    await load(port);
    await sleep(SETTLE_MS);
    const loaded = memoryOf(child.pid!);
    return { label, seconds, idle, loaded };
  } finally {
    await stop(child);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
const serverEnv = {
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  SEED_ADDRESSES: values.addresses,
  CARD_PROVIDER_ORIGIN: '',
  CARD_PROVIDER_API_URL: '',
};
const serverLoad = async (port: number) => {
  const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;
  for (let index = 0; index < ROUNDS; index += 1) await round(base, index);
};
const rows: Row[] = [];
try {
  for (const label of ['server, first start (creates and seeds)', 'server, second start']) {
    rows.push(
      await measure(
        label,
        SERVER_START,
        {
          ...serverEnv,
          CARD_PROVIDER_PORT: String(await freePort()),
          HOST_AGENT_PORT: String(await freePort()),
        },
        SERVER_READY_TEXT,
        serverLoad,
      ),
    );
  }
  const bareHono = [
    '--input-type=module',
    '-e',
    `import { Hono } from 'hono';
     import { serve } from '@hono/node-server';
     const app = new Hono().get('/', (c) => c.json({ ok: true }));
     serve({ fetch: app.fetch, port: Number(process.env.PORT) }, () => console.log('bare ready'));`,
  ];
  rows.push(
    await measure('bare Hono server', bareHono, {}, 'bare ready', async (port) => {
      for (let index = 0; index < ROUNDS * 13; index += 1) {
        await expectOk(await fetch(`http://127.0.0.1:${port}/`), 'bare Hono');
      }
    }),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const mib = (value: number) => `${value.toFixed(0)} MiB`.padStart(9);
console.log(
  `\nResident memory (VmRSS; peak VmHWM), ${values.addresses} addresses, ` +
    `${ROUNDS * 13} requests per run (${ROUNDS} × 10 suggestions, 2 offerings, 1 login), ` +
    `read ${SETTLE_MS / 1000} s after starting and after the requests:\n`,
);
console.log(
  `  ${'run'.padEnd(40)} ${'ready in'.padStart(9)} ${'idle'.padStart(9)} ${'peak'.padStart(9)} ` +
    `${'loaded'.padStart(9)} ${'peak'.padStart(9)}`,
);
for (const row of rows) {
  const ready = row.seconds === undefined ? '' : `${row.seconds.toFixed(1)} s`;
  console.log(
    `  ${row.label.padEnd(40)} ${ready.padStart(9)} ${mib(row.idle.rssMiB)} ${mib(row.idle.peakMiB)} ` +
      `${mib(row.loaded.rssMiB)} ${mib(row.loaded.peakMiB)}`,
  );
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
);
const over = rows
  .filter((row) => row.label.startsWith('server'))
  .filter((row) => row.idle.rssMiB > IDLE_BUDGET_MIB);
if (over.length > 0) {
  console.error(
    `\n✖ idle memory over the ${IDLE_BUDGET_MIB} MiB budget: ${over.map((row) => row.label).join(', ')}`,
  );
  process.exit(1);
}
console.log(`✔ idle memory under the ${IDLE_BUDGET_MIB} MiB budget`);
const goalMet = rows
  .filter((row) => row.label.startsWith('server'))
  .every((row) => row.idle.rssMiB <= IDLE_GOAL_MIB);
console.log(
  `${goalMet ? '✔' : '✖'} issue 34's goal, idle ≤ ${IDLE_GOAL_MIB} MiB: ${goalMet ? 'met' : 'not met'}`,
);
