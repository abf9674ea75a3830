/**
 * What the tests need from Debian's packages: Chromium's headless shell for the browser tests, PostgreSQL for
 * the API tests that start servers on a real PostgreSQL, and PowerDNS with its SQLite backend,
 * sqlite3, dig and named-checkzone for the DNS integration tests (tests/api/dns-powerdns.test.ts; every DNS API test checks its exports with named-checkzone), and nginx for the managed-hosting tests. Missing ones are installed when we are
 * root (one `apt-get update`, one `apt-get install`); otherwise the run stops naming the packages.
 *
 *   tsx tests/tools/ensure-system-packages.ts [chromium-headless-shell] [postgresql] [pdns-server] [nginx] …   (none named: all)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_HEADLESS_SHELL } from '../../playwright.config.ts';

interface SystemPackage {
  /** Debian's package name. */
  name: string;
  /** Which tests need it. */
  neededBy: string;
  installed(): boolean;
}

const POSTGRESQL_BASE = '/usr/lib/postgresql';

export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  {
    name: 'chromium-headless-shell',
    neededBy: `the browser tests (Playwright runs ${CHROMIUM_HEADLESS_SHELL})`,
    installed: () => existsSync(CHROMIUM_HEADLESS_SHELL),
  },
  {
    name: 'postgresql',
    neededBy: 'the API tests that run servers on a real PostgreSQL',
    installed: () =>
      existsSync(POSTGRESQL_BASE) &&
      readdirSync(POSTGRESQL_BASE).some((version) =>
        existsSync(path.join(POSTGRESQL_BASE, version, 'bin', 'initdb')),
      ),
  },
  {
    name: 'nginx',
    neededBy: 'the managed-hosting tests (the host agent checks its configuration with nginx -t)',
    installed: () => existsSync('/usr/sbin/nginx'),
  },
  ...(
    [
      ['pdns-server', '/usr/sbin/pdns_server'],
      ['pdns-backend-sqlite3', '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql'],
      ['sqlite3', '/usr/bin/sqlite3'],
      ['bind9-dnsutils', '/usr/bin/dig'],
      ['bind9-utils', '/usr/bin/named-checkzone'],
    ] as const
  ).map(([name, file]) => ({
    name,
    neededBy:
      name === 'bind9-utils'
        ? 'the DNS API tests, which check every exported zone with named-checkzone (tests/api/dns*.test.ts)'
        : 'the DNS integration tests against a real PowerDNS (tests/api/dns-powerdns.test.ts)',
    installed: () => existsSync(file),
  })),
];

function apt(args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
}

export function ensureSystemPackages(names: readonly string[]): void {
  const wanted = SYSTEM_PACKAGES.filter((p) => names.length === 0 || names.includes(p.name));
  const missing = wanted.filter((p) => !p.installed());
  if (missing.length === 0) return;
  const list = missing.map((p) => p.name).join(' ');
  const why = missing.map((p) => `  ${p.name}: ${p.neededBy}`).join('\n');
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need Debian's packages that are not installed:\n${why}\n` +
        `Install them (sudo apt-get install -y ${list}) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's packages the tests need: ${list}\n${why}`);
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...missing.map((p) => p.name)])) {
    console.error(`"apt-get install ${list}" failed: install these packages by hand.`);
    process.exit(1);
  }
  const still = missing.filter((p) => !p.installed());
  if (still.length > 0) {
    console.error(`Installing did not provide: ${still.map((p) => p.name).join(', ')}.`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureSystemPackages(process.argv.slice(2));
}
