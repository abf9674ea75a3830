/**
 * `npm run dev:dns`: `npm run dev` with a local PowerDNS (docs/dns.md "A local PowerDNS"). Debian's
 * `pdns-server` and `pdns-backend-sqlite3` are installed first when missing and we are root; the
 * name server keeps its data under DATA_DIR/powerdns, answers on 127.0.0.1 port DNS_PORT (5300)
 * and has its API on POWERDNS_API_PORT (8081). The portal publishes every edit there, so
 * `dig @127.0.0.1 -p 5300 www.example.com` answers what the page shows.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { powerDnsInstalled, startLocalPowerDns } from '../dns/local-powerdns.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const PACKAGES = ['pdns-server', 'pdns-backend-sqlite3', 'bind9-dnsutils', 'sqlite3'];

function ensurePackages() {
  if (powerDnsInstalled()) return;
  if (process.getuid?.() !== 0) {
    console.error(`PowerDNS is missing: sudo apt-get install -y ${PACKAGES.join(' ')}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...PACKAGES],
  ]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) process.exit(1);
  }
}

async function main() {
  ensurePackages();
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
  const dnsPort = Number(process.env.DNS_PORT ?? 5300);
  const apiPort = Number(process.env.POWERDNS_API_PORT ?? 8081);
  const apiKey = process.env.POWERDNS_API_KEY ?? 'local-powerdns-key';
  const pdns = await startLocalPowerDns({
    dir: path.join(dataDir, 'powerdns'),
    apiKey,
    dnsPort,
    apiPort,
    noCache: true,
  });
  console.log(`PowerDNS on 127.0.0.1 port ${pdns.dnsPort} (API ${pdns.apiUrl})`);
  console.log(`Try: dig @127.0.0.1 -p ${pdns.dnsPort} <zone> SOA`);
  const dev = spawn('npm', ['run', 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DNS_PUBLISHER: 'powerdns',
      POWERDNS_API_URL: pdns.apiUrl,
      POWERDNS_API_KEY: apiKey,
      // The seeded zones are compared with the name server soon after start.
      DNS_RECONCILE_SECONDS: process.env.DNS_RECONCILE_SECONDS ?? '60',
    },
  });
  const stop = () => dev.kill('SIGINT');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  dev.on('exit', (code) => {
    void pdns.stop().then(() => process.exit(code ?? 0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
