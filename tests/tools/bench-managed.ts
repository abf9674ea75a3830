/**
 * `npm run bench:managed`: the time to accept a vhost change on a managed server with 200 vhosts,
 * `nginx -t` staging check included (docs/managed-hosting.md "Cost of a change"). The stand-in
 * host agent runs on its own port in a fresh folder; 200 vhosts (half with a certificate, a third
 * with ssl_only, each with an alias) are made first, then 100 alias changes are timed through
 * the agent's HTTP API, as the product's API calls it. Prints p50 and p95, and `nginx -t` alone on
 * the same configuration (the machine's load changes the figures: compare the two).
 *
 *   tsx tests/tools/bench-managed.ts [vhosts=200] [changes=100]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/server/logger.ts';
import { hostAgentClient } from '../../src/server/managed/client.ts';
import { startHostAgent } from '../../src/server/managed/stand-in/server.ts';
import { testConfig } from '../support/database.ts';
import { selfSigned } from '../managed/certs.ts';

const VHOSTS = Number(process.argv[2] ?? 200);
const CHANGES = Number(process.argv[3] ?? 100);
const IID = 1;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-managed-'));
const config = testConfig({
  // NGINX_BINARY=/nonexistent measures the same without nginx -t.
  NGINX_BINARY: process.env.NGINX_BINARY ?? '',
  HOST_AGENT_DIR: dir,
  HOST_AGENT_API_KEY: 'bench-managed-key'.padEnd(32, '-'),
});
const running = await startHostAgent({ config, logger: createLogger('warn'), port: 0 });
const agent = hostAgentClient({ url: running.url, apiKey: config.hostAgent.apiKey });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

try {
  const wildcard = selfSigned(['*.bench.example.com', 'bench.example.com'], { keyKind: 'rsa' });
  const cert = await agent.apply(IID, {
    type: 'ssl_cert.create',
    name: 'bench',
    ...wildcard,
    ca: null,
  });
  if (!cert.ok) throw new Error(cert.msg);
  const certId = (cert.record as { ssl_id: number }).ssl_id;
  const ids: number[] = [];
  const setupStarted = performance.now();
  for (let n = 0; n < VHOSTS; n += 1) {
    const ssl = n % 2 === 0;
    const made = await agent.apply(IID, {
      type: 'vhost.create',
      domain: `site${n}.bench.example.com`,
      aliases: [`www${n}.bench.example.com`],
      ssl_enabled: ssl,
      ssl_id: ssl ? certId : null,
      ssl_only: ssl && n % 3 === 0,
    });
    if (!made.ok) throw new Error(`${made.msg} ${made.detail ?? ''}`);
    ids.push((made.record as { vhost_id: number }).vhost_id);
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const times: number[] = [];
  for (let n = 0; n < CHANGES; n += 1) {
    const id = ids[(n * 7) % ids.length];
    const index = ids.indexOf(id);
    const started = performance.now();
    const changed = await agent.apply(IID, {
      type: 'vhost.aliases',
      id,
      aliases: [`www${index}.bench.example.com`, `alt${n}-${index}.bench.example.com`],
    });
    times.push(performance.now() - started);
    if (!changed.ok) throw new Error(`${changed.msg} ${changed.detail ?? ''}`);
  }
  times.sort((a, b) => a - b);
  const checker = running.agent.checker.real
    ? 'nginx -t (Debian nginx)'
    : 'product rules only (no nginx)';
  console.log(
    `Managed server with ${VHOSTS} vhosts (${running.agent.checker.real ? 'real' : 'no'} nginx): made in ${setupSeconds.toFixed(1)} s`,
  );
  console.log(
    `Accepting a vhost change, ${checker}, ${CHANGES} changes: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
  if (running.agent.checker.real) {
    // nginx -t alone on the live folder, at the same moment: the rest of a change is the agent's.
    const live = path.join(dir, String(IID), 'live');
    const checks: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const started = performance.now();
      await running.agent.checker.check(live);
      checks.push(performance.now() - started);
    }
    checks.sort((a, b) => a - b);
    const p50 = percentile(checks, 50);
    console.log(
      `nginx -t alone on the live folder, 20 runs: p50 ${p50.toFixed(1)} ms, p95 ${percentile(checks, 95).toFixed(1)} ms; the rest of a change at p50: ${(percentile(times, 50) - p50).toFixed(1)} ms`,
    );
  }
} finally {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
}
