/**
 * `npm run bench:login`: login latency. 50 sequential logins (POST /auth/tokens with the right
 * password) against the app in process, on a fresh embedded database; prints p50 and p95 in
 * milliseconds and the password-hash parameters. Three warm-up logins are not counted.
 */
import { AUTH_SEED_STEPS } from '../../src/server/session/demo-seed.ts';
import { HASH_PARAMETERS } from '../../src/server/session/passwords.ts';
import {
  apiRequest,
  csrfHeaders,
  latency,
  latencyLine,
  machineLine,
  startBenchApp,
} from './bench-app.ts';

const LOGINS = 50;
const WARM_UP = 3;

const bench = await startBenchApp({ name: 'login', steps: AUTH_SEED_STEPS });
const { app, config } = bench;

async function login(): Promise<number> {
  const started = performance.now();
  const response = await apiRequest(app, '/auth/tokens', {
    method: 'POST',
    headers: csrfHeaders(),
    body: JSON.stringify({
      username: 'demo',
      password: config.demoPassword,
      store_in_cookies: true,
    }),
  });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return elapsed;
}

for (let i = 0; i < WARM_UP; i += 1) await login();
const times: number[] = [];
for (let i = 0; i < LOGINS; i += 1) times.push(await login());
await bench.close();

console.log(`Login latency over ${LOGINS} sequential logins (in process, fresh PGlite):`);
console.log(`  ${latencyLine(latency(times))}`);
console.log(
  `Password hash: ${HASH_PARAMETERS.algorithm}, memory ${HASH_PARAMETERS.memoryCostKiB} KiB ` +
    `(${(HASH_PARAMETERS.memoryCostKiB / 1024).toFixed(0)} MiB), ${HASH_PARAMETERS.timeCost} passes, ` +
    `parallelism ${HASH_PARAMETERS.parallelism} (@node-rs/argon2)`,
);
console.log(machineLine());
