/**
 * `named-checkzone` (Debian's bind9-utils) on the zone files the DNS API exports: every zone of a
 * DNS test file's database is exported after each test that changed it (its serial moved) and
 * checked, so a test that leaves a zone a name server would refuse ("has no NS records") fails.
 * Without named-checkzone the check fails, naming the package to install.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { dnsZones } from '../../src/server/db/schema.ts';
import { exportZoneFile } from '../../src/server/dns/zone-file.ts';
import type { TestApp } from '../support/test-app.ts';

const run = promisify(execFile);

/** Where Debian puts it (bookworm's bind9-utils: /usr/bin). */
const PLACES = ['/usr/bin/named-checkzone', '/usr/sbin/named-checkzone'];

/** The named-checkzone program, or an error that names the package providing it. */
export function namedCheckzone(places: readonly string[] = PLACES): string {
  const found = places.find((place) => existsSync(place));
  if (!found) {
    throw new Error(
      `named-checkzone is missing (looked for ${places.join(' and ')}): the DNS tests check ` +
        "every exported zone with it. Install Debian's bind9-utils package " +
        '(apt-get install -y bind9-utils; npm test installs it).',
    );
  }
  return found;
}

/** named-checkzone's verdict on one zone file: null when it is accepted, else what it said. */
export async function checkZoneFile(zoneName: string, text: string): Promise<string | null> {
  const program = namedCheckzone();
  const dir = mkdtempSync(path.join(tmpdir(), 'dns-checkzone-'));
  try {
    const file = path.join(dir, `${zoneName}.zone`);
    writeFileSync(file, text);
    const { stdout } = await run(program, [zoneName, file]);
    return /\bOK\b/.test(stdout) ? null : stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    if (!stdout && !stderr) throw error;
    return `${stdout}${stderr}`.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A checker for one test file's app: `check()` exports every zone of its database whose serial
 * moved since it last looked (the export of `GET /dns/{zone_id}/export`, without the endpoint's
 * per-user rate limit) and runs named-checkzone on it; it throws with every refusal (the zone's
 * name, the tool's words and the file).
 */
export function exportChecker(t: TestApp) {
  const checked = new Map<number, number>();
  return async function check(): Promise<void> {
    const refusals: string[] = [];
    const zones = await t.database.db.select().from(dnsZones).orderBy(asc(dnsZones.zoneId));
    for (const zone of zones) {
      if (checked.get(zone.zoneId) === zone.serial) continue;
      const text = await exportZoneFile(t.database.db, zone, t.config.dns.nameservers[0]!);
      const refusal = await checkZoneFile(zone.zoneName, text);
      checked.set(zone.zoneId, zone.serial);
      if (refusal !== null) refusals.push(`${zone.zoneName}: ${refusal}\n${text}`);
    }
    if (refusals.length > 0) {
      throw new Error(`named-checkzone refused exported zones:\n${refusals.join('\n\n')}`);
    }
  };
}
