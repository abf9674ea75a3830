/**
 * A PowerDNS authoritative server of our own on loopback (docs/dns.md "A local PowerDNS"), for
 * `npm run dev:dns`, the integration tests and the benchmark: Debian's `pdns-server` with the
 * SQLite backend in a folder of its own, its HTTP API on loopback with a key, and (for tests)
 * every cache turned off so that an answer follows a change at once. Runs without root.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const PDNS_SERVER = '/usr/sbin/pdns_server';
const SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';

export interface LocalPowerDns {
  apiUrl: string;
  apiKey: string;
  /** The DNS port (UDP and TCP) on 127.0.0.1. */
  dnsPort: number;
  dir: string;
  /** Starts it again after {@link stop} (same data, same ports). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function powerDnsInstalled(): boolean {
  return existsSync(PDNS_SERVER) && existsSync(SCHEMA);
}

export async function startLocalPowerDns(options: {
  dir: string;
  apiKey?: string;
  dnsPort?: number;
  apiPort?: number;
  /** No caches (tests): an answer follows a change at once. */
  noCache?: boolean;
  log?: (line: string) => void;
}): Promise<LocalPowerDns> {
  if (!powerDnsInstalled()) {
    throw new Error(
      'PowerDNS is not installed: apt-get install pdns-server pdns-backend-sqlite3 ' +
        '(or npx tsx tests/tools/ensure-system-packages.ts pdns-server pdns-backend-sqlite3 sqlite3)',
    );
  }
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const database = path.join(dir, 'pdns.sqlite3');
  if (!existsSync(database)) {
    const made = spawnSync('sqlite3', [database, `.read ${SCHEMA}`], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`sqlite3 could not create ${database}: ${made.stderr}`);
  }
  const apiKey = options.apiKey ?? 'local-powerdns-key';
  const dnsPort = options.dnsPort ?? (await freePort());
  const apiPort = options.apiPort ?? (await freePort());
  const settings = [
    'launch=gsqlite3',
    `gsqlite3-database=${database}`,
    'local-address=127.0.0.1',
    `local-port=${dnsPort}`,
    'api=yes',
    `api-key=${apiKey}`,
    'webserver=yes',
    'webserver-address=127.0.0.1',
    `webserver-port=${apiPort}`,
    'webserver-allow-from=127.0.0.0/8',
    `socket-dir=${dir}`,
    'guardian=no',
    'daemon=no',
    'loglevel=4',
    ...(options.noCache
      ? [
          'cache-ttl=0',
          'query-cache-ttl=0',
          'negquery-cache-ttl=0',
          'zone-cache-refresh-interval=0',
        ]
      : []),
  ];
  writeFileSync(path.join(dir, 'pdns.conf'), `${settings.join('\n')}\n`);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(PDNS_SERVER, [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = (chunk: Buffer) => options.log?.(chunk.toString());
    child.stdout?.on('data', output);
    child.stderr?.on('data', output);
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pdns_server stopped (${child.exitCode})`);
      try {
        const response = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
          headers: { 'X-API-Key': apiKey },
        });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 15_000) throw new Error('pdns_server did not start in 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  return { apiUrl, apiKey, dnsPort, dir, start, stop };
}
