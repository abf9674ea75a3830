/**
 * `npm run bench:dns` (docs/dns.md "Benchmark"): on a fresh database (PGlite, or DATABASE_URL's
 * PostgreSQL), a zone of 10,000 records of every type imported through the API; then
 * `GET /dns/{zone}/records` p50/p95 at offsets 0 and 9,990 (page of 10), the export of that zone,
 * and, against a local PowerDNS on loopback (when installed), the time from a record change
 * through the API to PowerDNS's answer: published by its `dns.publish` job, queued in the
 * change's transaction and run at once by the instance's started job runner. The answer is asked
 * every 5 ms by Node's resolver in this process (20 changes), and by `dig` (20 more: each `dig` is
 * a process whose start holds this process, the app's, for a moment, which the figure includes);
 * the commit-to-published seconds the instance records for /metrics are printed too.
 *
 *   npm run bench:dns [-- --requests 200]
 */
import { execFile } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import type { DnsZone, RecordsPage } from '../../src/shared/dns/rules.ts';
import { SettableClock } from '../../src/server/clock.ts';
import { demoRecord } from '../../src/server/dns/demo-seed.ts';
import { powerDnsInstalled, startLocalPowerDns } from '../../src/server/dns/local-powerdns.ts';
import { onDnsPublished, startDnsPublication } from '../../src/server/dns/jobs.ts';
import { createJobRunner } from '../../src/server/jobs/runner.ts';
import { AUTH_SEED_STEPS } from '../../src/server/session/demo-seed.ts';
import { CookieClient } from '../support/http-client.ts';
import { latency, latencyLine, machineLine, ms, startBenchApp } from './bench-app.ts';

const run = promisify(execFile);
const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const requests = Number(values.requests);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-dns-'));
const pdns = powerDnsInstalled()
  ? await startLocalPowerDns({ dir: path.join(dir, 'pdns'), noCache: true })
  : undefined;
// The app's clock: moved a rate-limit window on before each timed export, so that the zone
// export limit (docs/api.md "Rate limits") does not refuse the benchmark's own requests.
const clock = new SettableClock();
const bench = await startBenchApp({
  name: 'dns',
  clock,
  postgres: 'from-env',
  steps: AUTH_SEED_STEPS,
  seedOptions: { forceDemo: true },
  env: pdns
    ? {
        DNS_PUBLISHER: 'powerdns',
        POWERDNS_API_URL: pdns.apiUrl,
        POWERDNS_API_KEY: pdns.apiKey,
        DNS_RECONCILE_SECONDS: '0',
      }
    : {},
});
const client = CookieClient.forApp(bench.app);
const login = await client.post('/auth/tokens', {
  username: 'demo',
  password: bench.config.demoPassword,
  store_in_cookies: true,
});
if (login.status !== 200) throw new Error(`login: ${login.status}`);

const zoneName = 'bench-zone.example';
const created = await client.post('/dns', { zone_name: zoneName });
const { zone } = (await created.json()) as { zone: DnsZone };
const lines = Array.from({ length: 9998 }, (_, i) => {
  const { type, body } = demoRecord(i);
  const rdata: Record<string, string> = {
    A: `${body.ipv4_address}`,
    AAAA: `${body.ipv6_address}`,
    CNAME: `${body.canonical_name}`,
    MX: `${body.priority} ${body.target}`,
    NS: `${body.nameserver}`,
    TXT: `"${body.text}"`,
    SRV: `${body.priority} ${body.weight} ${body.port} ${body.target}`,
    CAA: `${body.flags} ${body.tag} "${body.value}"`,
    PTR: `${body.ptrdname}`,
  };
  return `${body.name} IN ${type} ${rdata[type]}`;
});
const file = ['@ IN NS ns1.ridgeline.example.', '@ IN NS ns2.ridgeline.example.', ...lines];
const importStarted = performance.now();
const imported = await client.post(`/dns/${zone.zone_id}/import`, {
  zone_file: file.join('\n'),
  apply: true,
});
if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`);
const importMs = performance.now() - importStarted;
const first = (await (await client.get(`/dns/${zone.zone_id}/records`)).json()) as RecordsPage;

async function timed(url: string) {
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    clock.advance(RATE_LIMITS.zoneExportsPerUser.windowSeconds * 1000);
    const started = performance.now();
    const response = await client.get(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return latency(times);
}

const atStart = await timed(`/dns/${zone.zone_id}/records?offset=0`);
const atEnd = await timed(`/dns/${zone.zone_id}/records?offset=9990`);
const exports = await timed(`/dns/${zone.zone_id}/export`);

console.log(`DNS benchmark on ${bench.engine}: a zone of ${first.total_records} records`);
console.log(`  import of the zone file (preview off, applied)   ${ms(importMs, 0)}`);
console.log(`  GET /dns/{zone}/records offset 0      (${requests})  ${latencyLine(atStart)}`);
console.log(`  GET /dns/{zone}/records offset 9,990  (${requests})  ${latencyLine(atEnd)}`);
console.log(`  GET /dns/{zone}/export               (${requests})  ${latencyLine(exports)}`);

if (pdns) {
  // As `npm start` does: DNS publication, then the job runner.
  const publication = await startDnsPublication({
    config: bench.config,
    database: bench.database,
    logger: bench.logger,
  });
  const jobs = createJobRunner({
    config: bench.config,
    database: bench.database,
    logger: bench.logger,
    clock,
  });
  await jobs.start();
  // The imported zone and the demo zones published first.
  const waitingSince = performance.now();
  for (;;) {
    const { rows } = await bench.database.executeSql(
      `select count(*)::int as n from dns_publications where state <> 'published' or full_sync`,
    );
    if (Number(rows[0]?.n) === 0) break;
    if (performance.now() - waitingSince > 120_000) throw new Error('zones not published in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lags: number[] = [];
  onDnsPublished(bench.database, (seconds) => lags.push(seconds * 1000));
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${pdns.dnsPort}`]);
  const asked = {
    resolver: async (name: string) => resolver.resolve4(name).catch(() => [] as string[]),
    dig: async (name: string) => {
      const { stdout } = await run('dig', ['+short', '@127.0.0.1', '-p', `${pdns.dnsPort}`, name]);
      return stdout.trim().split('\n');
    },
  };
  const times: Record<keyof typeof asked, number[]> = { resolver: [], dig: [] };
  for (const way of ['resolver', 'dig'] as const) {
    for (let i = 1; i <= 20; i += 1) {
      const address = `198.51.100.${i}`;
      const started = performance.now();
      const response = await client.post(`/dns/${zone.zone_id}/records/A`, {
        name: `${way}${i}`,
        ipv4_address: address,
      });
      if (response.status !== 201) throw new Error(`record: ${response.status}`);
      for (;;) {
        if ((await asked[way](`${way}${i}.${zoneName}`)).includes(address)) break;
        if (performance.now() - started > 10_000) throw new Error('no answer in 10 s');
        if (way === 'resolver') await new Promise((resolve) => setTimeout(resolve, 5));
      }
      times[way].push(performance.now() - started);
    }
  }
  console.log(
    `  record change to PowerDNS's answer     (20)  ${latencyLine(latency(times.resolver))}`,
  );
  console.log(`    the same, asked by dig               (20)  ${latencyLine(latency(times.dig))}`);
  console.log(
    `    commit to published (/metrics)       (${lags.length})  ${latencyLine(latency(lags))}`,
  );
  await jobs.stop();
  await publication.stop();
  await pdns.stop();
} else {
  console.log('  (PowerDNS is not installed: the time to an answer in dig is not measured)');
}
console.log(machineLine());
await bench.close();
rmSync(dir, { recursive: true, force: true });
