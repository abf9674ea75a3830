/**
 * `npm run bench:recovery`: does password recovery answer an existing username faster or slower
 * than an unknown one? On a fresh embedded database, in process: 50 requests for `demo` (known,
 * with an email) and 50 for unknown usernames, interleaved, after 5 warm-ups of each. Rate-limit
 * counters are cleared and the email work of the previous request is awaited between requests
 * (neither is timed). Prints each side's median and quartiles, and whether the two distributions
 * separate: the chance that a known sample is slower than an unknown one (0.5 when they are alike)
 * and the Mann-Whitney test's z (they separate when |z| > 2.58, p < 0.01).
 */
import { AUTH_SEED_STEPS } from '../../src/server/session/demo-seed.ts';
import { settled } from '../../src/server/background.ts';
import { rateLimits } from '../../src/server/db/schema.ts';
import { apiRequest, csrfHeaders, startBenchApp } from './bench-app.ts';

const SAMPLES = 50;
const WARM_UP = 5;

const bench = await startBenchApp({ name: 'recovery', steps: AUTH_SEED_STEPS });
const { app, database } = bench;

async function recover(username: string): Promise<number> {
  await database.db.delete(rateLimits);
  await settled(database);
  const started = performance.now();
  const response = await apiRequest(app, '/token/password_recovery', {
    method: 'POST',
    headers: csrfHeaders({ 'X-Forwarded-For': '10.97.0.1' }),
    body: JSON.stringify({ username }),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`recovery answered ${response.status}`);
  return elapsed;
}

let unknownCounter = 0;
const unknownName = () => `nobody-${(unknownCounter += 1)}`;

for (let i = 0; i < WARM_UP; i += 1) {
  await recover('demo');
  await recover(unknownName());
}
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < SAMPLES; i += 1) {
  // Alternate which goes first, so that neither side always follows the other.
  if (i % 2 === 0) {
    known.push(await recover('demo'));
    unknown.push(await recover(unknownName()));
  } else {
    unknown.push(await recover(unknownName()));
    known.push(await recover('demo'));
  }
}
await settled(database);
await bench.close();

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
/** P(a known sample is slower than an unknown one), ties counting half (Mann-Whitney U / n²). */
let wins = 0;
for (const k of known) for (const u of unknown) wins += k > u ? 1 : k === u ? 0.5 : 0;
const pairs = known.length * unknown.length;
const slower = wins / pairs;
// The Mann-Whitney test's z: beyond ±2.58 the two sides differ (two-sided p < 0.01).
const z = (wins - pairs / 2) / Math.sqrt((pairs * (known.length + unknown.length + 1)) / 12);
const separated = Math.abs(z) > 2.58;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const line = (label: string, values: number[]) =>
  `  ${label.padEnd(18)} median ${fmt(quantile(values, 0.5))}   quartiles ${fmt(quantile(values, 0.25))} – ${fmt(quantile(values, 0.75))}`;

console.log(`Password recovery answer time, ${SAMPLES} samples each (in process, fresh PGlite):`);
console.log(line('existing username', known));
console.log(line('unknown username', unknown));
console.log(
  `  difference of medians ${fmt(quantile(known, 0.5) - quantile(unknown, 0.5))}; ` +
    `P(existing slower than unknown) = ${slower.toFixed(2)}, Mann-Whitney z = ${z.toFixed(1)} → ${
      separated ? 'the distributions SEPARATE (p < 0.01)' : 'the distributions do not separate'
    }`,
);
