/**
 * Demo DNS zones (docs/dns.md "Demo data"): the `demo` login's customer has three zones, one of
 * them with 250 records of every type so that paging shows; the `nobilling` login's customer has
 * a zone of its own, and so has the `viewer` login's (who may look at it and change nothing).
 * Running the step again puts them back as they were.
 */
import { eq, inArray } from 'drizzle-orm';
import { checkRecord, RECORD_TYPES, type RecordType } from '#shared/dns/rules';
import { DEFAULT_ZONE_TTL } from '#shared/dns/constants';
import type { Executor } from '../db/client.ts';
import { dnsRecords, dnsZones, users } from '../db/schema.ts';
import type { SeedContext, SeedStep } from '../db/seed-step.ts';
import { markChanged } from './publication.ts';
import { typeRank } from './store.ts';

export const DEMO_ZONES = {
  large: 'ridgeline-demo.example',
  shop: 'demo-shop.example',
  blog: 'demo-blog.example',
  other: 'nobilling-home.example',
  viewer: 'viewer-home.example',
} as const;

/** The i-th record of the large zone: the types in turn, each at a name of its own. */
export function demoRecord(i: number): { type: RecordType; body: Record<string, string | number> } {
  const type = RECORD_TYPES[i % RECORD_TYPES.length]!;
  const octet = (i % 250) + 1;
  const name = type === 'CNAME' ? `alias${i}` : `host${i}`;
  const fields: Record<RecordType, Record<string, string | number>> = {
    A: { ipv4_address: `192.0.2.${octet}` },
    AAAA: { ipv6_address: `2001:db8::${i.toString(16)}` },
    CNAME: { canonical_name: 'www' },
    MX: { priority: i, target: `mail${i}.example.net.` },
    NS: { nameserver: `ns${i}.example.net.` },
    TXT: { text: `demo record ${i}` },
    SRV: { priority: 10, weight: i, port: 5060, target: `sip${i}.example.net.` },
    CAA: { flags: 0, tag: 'issue', value: `ca${i}.example.net` },
    PTR: { ptrdname: `host${i}.example.net.` },
  };
  return { type, body: { name, ...fields[type] } };
}

async function seedZone(
  db: Executor,
  cid: number,
  zoneName: string,
  nameservers: string[],
  records: { type: RecordType; body: Record<string, string | number> }[],
) {
  const [zone] = await db
    .insert(dnsZones)
    .values({ cid, zoneName, ttl: DEFAULT_ZONE_TTL })
    .returning();
  const rows = [
    ...nameservers.map((nameserver) => ({ type: 'NS' as const, body: { name: '@', nameserver } })),
    ...records,
  ].map(({ type, body }) => {
    const { name, ...fields } = body;
    const check = checkRecord(type, { name: String(name), ttl: null, fields }, zoneName, 'create');
    if (!check.ok)
      throw new Error(`demo record ${JSON.stringify(body)}: ${JSON.stringify(check.errors)}`);
    return {
      zoneId: zone!.zoneId,
      recordType: type,
      typeRank: typeRank(type),
      name: check.name,
      ttl: null,
      fields: check.fields,
      content: check.content,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(dnsRecords).values(rows.slice(i, i + 500));
  // Its publication is queued by the start of an instance (dns/jobs.ts), not by the seed.
  await markChanged(db, [zoneName], [], true, false);
}

export async function seedDnsDemo({ db, config }: SeedContext): Promise<void> {
  const cidOf = async (username: string) => {
    const [row] = await db
      .select({ cid: users.cid })
      .from(users)
      .where(eq(users.username, username));
    if (!row) throw new Error(`the demo login ${username} is not seeded`);
    return row.cid;
  };
  const demo = await cidOf('demo');
  const other = await cidOf('nobilling');
  const viewer = await cidOf('viewer');
  const { nameservers } = config.dns;
  await db.transaction(async (tx) => {
    await tx.delete(dnsZones).where(inArray(dnsZones.zoneName, Object.values(DEMO_ZONES)));
    const www = { type: 'A' as const, body: { name: 'www', ipv4_address: '192.0.2.80' } };
    const large = Array.from({ length: 250 }, (_, i) => demoRecord(i));
    await seedZone(tx, demo, DEMO_ZONES.large, nameservers, [www, ...large]);
    await seedZone(tx, demo, DEMO_ZONES.shop, nameservers, [
      www,
      { type: 'MX', body: { name: '@', priority: 10, target: 'mail.demo-shop.example.' } },
      { type: 'A', body: { name: 'mail', ipv4_address: '192.0.2.25' } },
    ]);
    await seedZone(tx, demo, DEMO_ZONES.blog, nameservers, [
      { type: 'CNAME', body: { name: 'www', canonical_name: 'blog.example.net.' } },
      { type: 'TXT', body: { name: '@', text: 'v=spf1 -all' } },
    ]);
    await seedZone(tx, other, DEMO_ZONES.other, nameservers, [www]);
    await seedZone(tx, viewer, DEMO_ZONES.viewer, nameservers, [
      www,
      { type: 'MX', body: { name: '@', priority: 10, target: 'mail.viewer-home.example.' } },
    ]);
  });
}

export const dnsDemoStep: SeedStep = {
  name: 'demo-dns',
  version: 2,
  demoOnly: true,
  run: seedDnsDemo,
};

export const DNS_SEED_STEPS: SeedStep[] = [dnsDemoStep];
