/**
 * Property (issue 16, "Done when"): random sequences of changes to a managed server (vhosts,
 * aliases, certificates made here by openssl, SSL and ssl_only, redirects, PHP settings, deletes),
 * mixing good input with input nginx would choke on, are applied to the stand-in agent. Every
 * configuration it leaves in place passes a real `nginx -t`, and everything nginx would refuse is
 * refused by the product's rules with field errors before the staging check sees it: the staging
 * check never has to save us.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHP_SETTING_KEYS, PHP_SETTINGS } from '../../src/shared/managed/rules.ts';
import type { ManagedChange } from '../../src/server/managed/agent.ts';
import { nginxChecker } from '../../src/server/managed/nginx-check.ts';
import { createStandInAgent } from '../../src/server/managed/stand-in/agent.ts';
import { makeCa, selfSigned, type TestCert } from './certs.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'nginx-property-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const nginx = nginxChecker();

const NAMES = [
  'shop.example.com',
  'www.shop.example.com',
  'blog.example.com',
  'api.example.com',
  'example.org',
  'www.example.org',
];
/** Characters nginx reads as syntax, or refuses in a name, or that break a URL. */
/** The longest host name the rules take: 253 characters, labels of 63. */
const LONGEST = ['a', 'b', 'c'].map((c) => c.repeat(63)).join('.') + `.${'d'.repeat(61)}`;
const HOSTILE = [';', '{', '}', ' ', '"', "'", '$', '\\', '#', '..', '_', '*', '\n', '-'];

let certs: (TestCert & { ca?: string })[] = [];

beforeAll(() => {
  const ca = makeCa();
  certs = [
    selfSigned(['shop.example.com', 'www.shop.example.com']),
    selfSigned(['*.example.com'], { keyKind: 'rsa' }),
    { ...ca.issue(['example.org', 'www.example.org']), ca: ca.cert },
  ];
});

const hostName = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 2, arbitrary: fc.domain() },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...NAMES), fc.constantFrom(...HOSTILE), fc.nat(20))
      .map(
        ([name, bad, at]) => name.slice(0, at % name.length) + bad + name.slice(at % name.length),
      ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${'a'.repeat(64)}.example.com`,
      `${'a.'.repeat(130)}com`,
      ' ',
      LONGEST,
      `x${LONGEST}`,
    ),
  },
);
/** Each run starts a new agent, whose ids start at 1. */
const id = fc.integer({ min: 1, max: 10 });
/** Each run first uploads the three test certificates: ids 1 to 3 (4: none). */
const certId = fc.integer({ min: 1, max: 4 });
/** SSL choices: mostly consistent ones, some that the rules must refuse. */
const ssl = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ ssl_enabled: false, ssl_id: null, ssl_only: false }) },
  {
    weight: 3,
    arbitrary: fc.record({
      ssl_enabled: fc.constant(true),
      ssl_id: certId,
      ssl_only: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      ssl_enabled: fc.boolean(),
      ssl_id: fc.option(certId, { nil: null }),
      ssl_only: fc.boolean(),
    }),
  },
);
const url = fc.oneof(
  fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
  fc.constantFrom(...NAMES).map((n) => `https://${n}/`),
  fc
    .tuple(fc.constantFrom(...NAMES), fc.constantFrom(...HOSTILE))
    .map(([n, bad]) => `https://${n}/a${bad}b`),
  fc.string({ maxLength: 20 }),
);
const GOOD_PHP_VALUES: Record<string, string[]> = {
  size: ['128M', '1G', '512K', '64M'],
  integer: ['0', '60', '300', '1000'],
  flag: ['On', 'Off'],
  timezone: ['UTC', 'America/Denver', 'Europe/Paris'],
};
/** A value of the setting's own type most of the time, else anything. */
const phpSetting = fc.constantFrom(...PHP_SETTING_KEYS).chain((key) =>
  fc.record({
    key: fc.constant(key),
    value: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...GOOD_PHP_VALUES[PHP_SETTINGS[key].kind]) },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
      { weight: 1, arbitrary: fc.constantFrom('1"; evil', '64M\\n', '$x', '{', 'On;', '-1') },
    ),
  }),
);

/** The names each uploaded certificate covers (ids 1 to 3 in upload order). */
const COVERED: Record<number, string[]> = {
  1: ['shop.example.com', 'www.shop.example.com'],
  2: ['shop.example.com', 'blog.example.com', 'api.example.com'],
  3: ['example.org', 'www.example.org'],
};
/** A vhost whose certificate covers its names (the rules may still refuse a name in use). */
const coveredVhost = fc.integer({ min: 1, max: 3 }).chain((certificate) =>
  fc
    .tuple(fc.shuffledSubarray(COVERED[certificate], { minLength: 1 }), fc.boolean())
    .map(([[domain, ...aliases], sslOnly]) => ({
      type: 'vhost.create' as const,
      domain,
      aliases,
      ssl_enabled: true,
      ssl_id: certificate,
      ssl_only: sslOnly,
    })),
);

const change: fc.Arbitrary<ManagedChange> = fc.oneof(
  coveredVhost,
  fc.record({ n: fc.nat(2) }).map(({ n }) => ({
    type: 'ssl_cert.create' as const,
    name: `cert ${n}`,
    cert: certs[n].cert,
    key: certs[n].key,
    ca: certs[n].ca ?? null,
  })),
  fc
    .record({ domain: hostName, aliases: fc.array(hostName, { maxLength: 2 }), ssl })
    .map(({ ssl, ...input }) => ({ type: 'vhost.create' as const, ...input, ...ssl })),
  fc
    .record({ id, aliases: fc.array(hostName, { maxLength: 3 }) })
    .map((input) => ({ type: 'vhost.aliases' as const, ...input })),
  fc.record({ id, ssl }).map(({ id, ssl }) => ({ type: 'vhost.update' as const, id, ...ssl })),
  fc.record({ id }).map(({ id }) => ({ type: 'vhost.delete' as const, id })),
  fc.record({ id }).map(({ id }) => ({ type: 'ssl_cert.delete' as const, id })),
  fc
    .record({ redirect_from: hostName, redirect_to: url })
    .map((input) => ({ type: 'redirect.create' as const, ...input })),
  fc.record({ id }).map(({ id }) => ({ type: 'redirect.delete' as const, id })),
  fc
    .oneof(
      { weight: 4, arbitrary: phpSetting },
      {
        weight: 1,
        arbitrary: fc.record({
          key: fc.constantFrom('disable_functions', 'x;y', 'memory_limit\n'),
          value: fc.constant('1'),
        }),
      },
    )
    .map((input) => ({ type: 'php_setting.set' as const, ...input })),
);

describe('every configuration the agent accepts', () => {
  it('passes a real nginx -t, and nginx never has to refuse what the rules let through', async () => {
    expect(nginx.real).toBe(true);
    let run = 0;
    let accepted = 0;
    let refused = 0;
    const acceptedKinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 4, maxLength: 16 }), async (changes) => {
        run += 1;
        const dir = path.join(root, String(run));
        const agent = createStandInAgent({ dir, checker: nginx });
        const uploads = certs.map((c, n): ManagedChange => ({
          type: 'ssl_cert.create',
          name: `cert ${n}`,
          cert: c.cert,
          key: c.key,
          ca: c.ca ?? null,
        }));
        for (const step of [...uploads, ...changes]) {
          const result = await agent.apply(1, step);
          if (result.ok) {
            accepted += 1;
            const ssl = step.type === 'vhost.create' && step.ssl_enabled ? '+ssl' : '';
            const sslOnly = step.type === 'vhost.create' && step.ssl_only ? '+only' : '';
            acceptedKinds.add(`${step.type}${ssl}${sslOnly}`);
            const live = await nginx.check(path.join(dir, '1', 'live'));
            expect(live, JSON.stringify(step)).toEqual({ ok: true });
          } else {
            refused += 1;
            // Refused by a rule of ours (field errors or a missing or used item), not by nginx.
            expect(result.detail, JSON.stringify(step)).toBeUndefined();
          }
        }
        expect(agent.stagingRefusals).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261126), endOnFailure: true },
    );
    // Both sides were exercised.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(100);
    expect([...acceptedKinds].sort()).toEqual(
      expect.arrayContaining([
        'ssl_cert.create',
        'vhost.create',
        'vhost.create+ssl',
        'vhost.create+ssl+only',
        'vhost.aliases',
        'vhost.update',
        'redirect.create',
        'php_setting.set',
      ]),
    );
  }, 240_000);
});
