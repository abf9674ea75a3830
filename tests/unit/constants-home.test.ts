/**
 * Every business constant lives in a home of constants: an area's own in its
 * src/shared/<area>/constants.ts, the product-wide ones in src/shared/constants.ts (those the
 * signup's first load reads in src/shared/first-load-constants.ts, which constants.ts exports too): a number
 * given a name anywhere else in src/ or machines/ must be a technical one listed here with its
 * reason, and the server's rate limits take their numbers from the shared table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { LIMITS } from '../../src/server/session/rate-limit.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The homes of the product-wide business constants: the product's, the first load's. */
const PRODUCT_HOMES = ['src/shared/constants.ts', 'src/shared/first-load-constants.ts'];

/** An area's own constants: `src/shared/<area>/constants.ts`, and no other file of the area. */
const AREA_HOME = /^src\/shared\/[a-z0-9-]+\/constants\.ts$/;

function isHome(file: string): boolean {
  return PRODUCT_HOMES.includes(file) || AREA_HOME.test(file);
}

/** Named numbers outside constants.ts that are no business rule, by file, with the reason. */
const TECHNICAL: Record<string, { names: string[]; reason: string }> = {
  'src/server/dns/publisher.ts': {
    names: ['TIMEOUT_MS'],
    reason: 'a network timeout of the PowerDNS API',
  },
  'src/server/dns/store.ts': {
    names: ['RECORD_ORDERS_KEPT'],
    reason: 'how many zones keep their record order in memory (a cache, no rule)',
  },
  'src/server/hypervisor/list-cache.ts': {
    names: ['LIST_MAX_AGE_MS'],
    reason: 'how long one hypervisor list call serves the servers lists (a cache, no rule)',
  },
  'src/shared/session/schemas.ts': {
    names: ['PASSWORD_INPUT_MAX'],
    reason: 'a bound on input derived from PASSWORD_MAX_LENGTH',
  },
  'src/shared/signup/order.ts': {
    names: ['SHORT_TEXT_MAX_LENGTH', 'CAPTCHA_TOKEN_MAX_LENGTH'],
    reason: 'bounds on what the schema reads, not rules of the product',
  },
  'src/shared/signup/serviceability.ts': {
    names: ['SUGGESTION_SEARCH_MAX_LENGTH'],
    reason: 'a bound on what the search reads',
  },
  'src/server/session/passwords.ts': { names: ['ARGON2ID'], reason: "the hash library's enum" },
  'machines/billing/records-page.model.ts': {
    names: ['TOTAL'],
    reason: "how many records the path tests' sample table holds (three pages), no rule",
  },
  'src/server/billing/run.ts': {
    names: ['PASS_CHUNK'],
    reason: 'how many rows the billing run handles per statement, not a rule of the product',
  },
  'src/server/signup/orders/password-check.ts': {
    names: ['WORKER_IDLE_TIMEOUT_MS'],
    reason: 'worker housekeeping',
  },
  'src/server/http/validate.ts': { names: ['JSON_MAX_DEPTH'], reason: 'a parser bound' },
  'src/server/http/security-headers.ts': {
    names: ['HSTS_MAX_AGE_SECONDS'],
    reason: 'a transport setting',
  },
  'src/server/billing/card-provider/card-rules.ts': {
    names: ['MAX_YEARS_AHEAD'],
    reason: "the stand-in card provider's own rule",
  },
  'src/server/billing/processors/sandbox-processor.ts': {
    names: ['TIMEOUT_MS'],
    reason: 'a network timeout',
  },
  'src/server/billing/processors/bank-crypto.ts': {
    names: ['NONCE_BYTES', 'TAG_BYTES'],
    reason: 'cipher parameters',
  },
  'src/server/session/mfa-crypto.ts': {
    names: ['NONCE_BYTES', 'TAG_BYTES'],
    reason: 'cipher parameters',
  },
  'src/server/db/client.ts': { names: ['MIGRATION_LOCK_KEY'], reason: 'a database lock id' },
  'src/server/managed/client.ts': { names: ['TIMEOUT_MS'], reason: 'a network timeout' },
  'src/server/main.ts': {
    names: ['KEEP_ALIVE_TIMEOUT_MS'],
    reason: 'how long an idle HTTP connection is kept, a transport setting',
  },
  'src/server/servers/demo-seed.ts': {
    names: ['DEMO_MANAGED_SERVER_IID'],
    reason: 'the id of the demo managed server',
  },
  'src/server/managed/stand-in/app.ts': {
    names: ['BODY_LIMIT_BYTES'],
    reason: "the stand-in host agent's request bound",
  },
  'src/server/servers/servers.ts': {
    names: ['STALE_CLAIM_MS'],
    reason: 'when a power claim left by a crashed process is let go, not a rule of the product',
  },
  'src/web/api/client.ts': {
    names: ['REQUEST_TIMEOUT_MS'],
    reason: 'a transport timeout of the HTTP client (the spec names only the 800 ms retry)',
  },
  'src/web/features/signup/reveal.tsx': {
    names: ['REVEAL_BATCH_MS', 'REVEAL_GROUP_MS'],
    reason:
      'which mounts count as revealed together (one render, or a section whose code loads late), a layout detail',
  },
  'src/server/session/admin-routes.ts': {
    names: ['SEARCH_LIMIT'],
    reason: 'the admin search page size, next to its endpoint',
  },
  'src/server/signup/orders/passgen-routes.ts': {
    names: ['MAX_WORDS'],
    reason: 'a bound on the word-list endpoint, next to it',
  },
  'src/server/signup/serviceability/seed.ts': {
    names: ['TEST_ADDRESS_COUNT', 'ADDRESS_GENERATOR_VERSION', 'INSERT_BATCH', 'MIN_ADDRESSES'],
    reason: 'seeding the demo addresses',
  },
  'src/server/signup/serviceability/service-areas.ts': {
    names: ['LEHI_ONT_INSTALL_SHARE', 'BUILDING_SHARE'],
    reason: 'shares of the generated demo addresses',
  },
  'src/server/signup/serviceability/catalogue-data.ts': {
    names: ['CATALOGUE_VERSION'],
    reason: 'the seed version of the catalogue',
  },
  'src/server/signup/serviceability/address-generator.ts': {
    names: ['DEFAULT_GENERATOR_SEED', 'FIRST_GENERATED_ID', 'OUTSIDE_SHARE', 'DEG_PER_METRE'],
    reason: 'generating the demo addresses',
  },
  'src/server/signup/serviceability/addresses.ts': {
    names: ['MATCH_LIMIT'],
    reason: 'a bound on a database look-up',
  },
  'src/web/features/signup/order/api.ts': {
    names: ['ORDER_TIMEOUT_MS'],
    reason: 'a network timeout',
  },
  'src/web/components/DownloadLink.tsx': {
    names: ['FILE_ADDRESS_LIFETIME_MS'],
    reason: 'how long a downloaded file’s address is kept for the browser',
  },
  'src/web/features/signup/SignupPage.tsx': {
    names: ['PREFETCH_AFTER_MS'],
    reason: 'when the page prefetches code',
  },
  'machines/charts/svg.ts': { names: ['PAD_X', 'PAD_Y'], reason: 'chart drawing' },
  'machines/activity/activity.model.ts': {
    names: ['TOTAL'],
    reason: 'a sample of the path model: an activity log of 30 entries (two pages)',
  },
  'src/server/activity/prune.ts': { names: ['DAY_MS'], reason: 'milliseconds in a day' },
  'src/server/activity/record.ts': {
    names: ['ENTRY_TEXT_MAX'],
    reason: 'a bound on stored text, not a rule a person meets',
  },
  'machines/charts/text.ts': { names: ['BOLD_FACTOR', 'WIDE'], reason: 'chart drawing' },
  'machines/charts/elk.ts': {
    names: ['PAD_X', 'PAD_Y', 'MAX_TEXT_WIDTH', 'MIN_STATE_WIDTH', 'INITIAL_SIZE'],
    reason: 'chart drawing',
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** `NAME` of every `const NAME = <number ...>` in a file. */
function namedNumbers(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^\s*(?:export )?const ([A-Z][A-Z0-9_]*) = [0-9]/gm)].map((m) => m[1]!);
}

describe('business constants', () => {
  it('are named only in their homes (other named numbers are technical)', () => {
    const found: Record<string, string[]> = {};
    for (const file of [...sourceFiles('src'), ...sourceFiles('machines')]) {
      if (isHome(file)) continue;
      const names = namedNumbers(file).filter((name) => !TECHNICAL[file]?.names.includes(name));
      if (names.length > 0) found[file] = names;
    }
    expect(found).toEqual({});
  });

  it('are each named once', () => {
    const all = [...sourceFiles('src'), ...sourceFiles('machines')];
    const shared = new Set(all.filter(isHome).flatMap((home) => namedNumbers(home)));
    const twice = all
      .filter((file) => !isHome(file))
      .flatMap((file) =>
        namedNumbers(file)
          .filter((name) => shared.has(name))
          .map((n) => `${file}: ${n}`),
      );
    expect(twice).toEqual([]);
  });

  it("give the server's rate limits their numbers", () => {
    for (const [key, limit] of Object.entries(LIMITS)) {
      const shared = RATE_LIMITS[key as keyof typeof RATE_LIMITS];
      expect({ key, max: limit.max, windowSeconds: limit.windowSeconds }).toEqual({
        key,
        max: shared.max,
        windowSeconds: shared.windowSeconds,
      });
    }
    expect(Object.keys(LIMITS).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });
});
