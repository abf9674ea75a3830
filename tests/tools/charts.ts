/**
 * `npm run charts`: writes docs/charts/<machine>.md, docs/charts/<machine>.svg, docs/charts/index.md
 * and docs/charts/charts.json (the catalogue the /control/charts/ page reads) for every machine in
 * machines/registry.ts, and removes charts of machines no longer registered. `npm run charts -- --check` only reports drift (exit 1), like the drift
 * test that runs in `npm test` (tests/machines/paths/charts-drift.test.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { CHARTS_DIR, chartDrift, chartFiles } from '../../machines/charts/files.ts';
import { MACHINES } from '../../machines/registry.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, CHARTS_DIR);

export function readCommittedCharts(directory = dir): Map<string, string> {
  const files = new Map<string, string>();
  let names: string[] = [];
  try {
    names = readdirSync(directory);
  } catch {
    return files;
  }
  for (const name of names.filter((n) => /\.(md|svg|json)$/.test(n)).sort())
    files.set(name, readFileSync(path.join(directory, name), 'utf8'));
  return files;
}

export async function generateCharts() {
  return chartFiles(MACHINES, new ELK());
}

async function main() {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const expected = await generateCharts();
  const committed = readCommittedCharts();
  const drift = chartDrift(expected, committed);
  if (check) {
    if (drift.length) {
      console.error(`Charts are out of date (run npm run charts):\n  ${drift.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`✔ ${expected.size} chart files are up to date`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of expected) {
    if (committed.get(name) !== content) writeFileSync(path.join(dir, name), content);
  }
  for (const name of committed.keys()) if (!expected.has(name)) rmSync(path.join(dir, name));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${MACHINES.length} machines charted into ${CHARTS_DIR}/ in ${seconds} s` +
      (drift.length ? `; changed: ${drift.join(', ')}` : '; nothing changed'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
