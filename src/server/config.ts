/**
 * The server's configuration, read once from environment variables with defaults and validated at
 * start: a bad value stops the server with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { ACTIVITY } from '#shared/activity/constants';
import { BILLING } from '#shared/billing/constants';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '#shared/constants';
import { MAP_ZOOM } from '#shared/signup/constants';
import {
  PROVIDER_DETAILS_DEFAULTS,
  providerDetails,
  type MapTiles,
  type ProviderDetails,
  type PublicConfig,
} from '#shared/public-config';
import { loadDnsConfig, type DnsConfig } from './dns/config.ts';
import { DEFAULT_CHECK_LIMITS } from './managed/nginx-check.ts';
import {
  HypervisorConfigError,
  hypervisorConfig,
  type HypervisorConfig,
} from './hypervisor/config.ts';

export type RunMode = 'development' | 'production' | 'test';

export interface Config extends ProviderDetails {
  /** NODE_ENV. */
  mode: RunMode;
  production: boolean;
  port: number;
  /** The address to listen on: 127.0.0.1 outside production, 0.0.0.0 in production by default. */
  host: string;
  /**
   * Demo data: the demo logins (a published password) and the demo pre-signup links are seeded,
   * and the mailbox (the email outbox, password reset links included) is served. Never in
   * production; outside it, on loopback unless DEMO=0, beyond loopback only with DEMO=1
   * ({@link decideDemo}).
   */
  demo: boolean;
  /** A PostgreSQL URL; when absent the embedded database under {@link dataDir} is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: LogLevel;
  /** `auto` marks cookies Secure (with the `__Host-` prefix) when the request came over HTTPS. */
  cookieSecure: 'auto' | 'always' | 'never';
  /** Where the built web app lives. */
  webDistDir: string;
  version: string;
  /** Lifetime of an access token (a signed cookie), in seconds. */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token; each refresh starts it again. */
  refreshTokenTtlSeconds: number;
  /**
   * The key that signs access tokens, shared by every instance. Required in production; otherwise,
   * when unset, one is generated once and kept in the database so that instances agree.
   */
  tokenSecret: string | undefined;
  /** The demo logins' password (seeded outside production only). */
  demoPassword: string;
  /** `smtp://…` or `smtps://…`: mail is sent through it. Without it mail stays in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** The site's public origin, used in emailed links. Required in production. */
  publicUrl: string | undefined;
  /**
   * Passkeys (docs/session.md "Passkeys"): WEBAUTHN_RP_ID, the relying party's id (a host name),
   * and WEBAUTHN_ORIGINS, the origins (comma-separated) pages asking for a passkey are served
   * from. Unset, both come from PUBLIC_URL (else http://localhost:PORT).
   */
  webauthnRpId: string | undefined;
  webauthnOrigins: string[] | undefined;
  /** Which card processor the API uses; `sandbox` is the stand-in card provider. */
  cardProcessor: 'sandbox';
  /** The stand-in card provider's port (`npm start` runs it beside the server). */
  cardProviderPort: number;
  /** The host agent of managed servers (src/server/managed/, docs/managed-hosting.md). */
  hostAgent: HostAgentConfig;
  /** The origin the card form is loaded from (the sandbox origin). */
  cardProviderOrigin: string;
  /** The card provider's production origin, also allowed for frames and messages, if any. */
  cardProviderProductionOrigin: string | undefined;
  /** Where this server reaches the card provider's server-to-server API. */
  cardProviderApiUrl: string;
  /** The key this server presents to the card provider's server-to-server API. */
  cardProviderApiKey: string;
  /** Exact origins of the pages allowed to embed the card form and receive its messages. */
  cardProviderParentOrigins: string[];
  /**
   * AES-256 key for bank account numbers (64 hex digits or base64 of 32 bytes). Required in
   * production; otherwise, when unset, one is generated once and kept in the database.
   */
  bankEncryptionKey: string | undefined;
  /** How many addresses the seed generates when not told otherwise (SEED_ADDRESSES). */
  seedAddresses: number;
  captcha: CaptchaConfig;
  /**
   * The map of the fiber attach point (signup.md §9): its tile server (MAP_TILE_*), which the
   * visitor's browser loads tiles from; `tileUrl` holds `{z}`, `{x}`, `{y}`, and `{s}` only as
   * the host's first label.
   */
  map: MapTiles;
  /** Tax on taxable bill lines, in basis points (BILLING_TAX_RATE in percent, e.g. 6.1). */
  billingTaxRateBp: number;
  /** ACTIVITY_RETENTION_DAYS: how long the activity log keeps an entry (docs/activity.md). */
  activityRetentionDays: number;
  /**
   * Tests only (BILLING_TEST_PAUSE_DIR and BILLING_TEST_PAUSE_AT, refused in production): a charge
   * writes `paused` into the folder at that point (`before_charge`: attempt committed, processor not
   * yet called; `after_charge`: processor answered, outcome not yet recorded; `mid_pass`: a
   * billing pass has issued its bills and not yet charged) and waits for `release`.
   */
  billingTestPause: { dir: string; at: 'before_charge' | 'after_charge' | 'mid_pass' } | undefined;
  /** The DNS panel's publisher (dns/config.ts, docs/dns.md). */
  dns: DnsConfig;
  /** The hypervisor of virtual servers (src/server/hypervisor/config.ts, HYPERVISOR_*). */
  hypervisor: HypervisorConfig;
  /** The job runner and mail delivery (src/server/jobs, docs/operations.md). */
  jobs: JobsConfig;
  /**
   * The bearer token `GET /metrics` asks for (METRICS_TOKEN). Without one, /metrics answers in
   * development only (404 otherwise).
   */
  metricsToken: string | undefined;
}

/** The job runner (src/server/jobs) and mail delivery through it (docs/operations.md). */
export interface JobsConfig {
  /** Seconds between two looks for due jobs while a queue is idle (JOB_POLL_SECONDS). */
  pollSeconds: number;
  /**
   * Seconds between two maintenance passes of the cluster (JOB_MAINTENANCE_SECONDS): jobs whose
   * lease ran out are handed back for a retry, old jobs archived, old mail given up.
   */
  maintenanceSeconds: number;
  /**
   * How long a daily housekeeping job (card-expiry reminders, the activity log's pruning) may run
   * before another instance takes it over (JOB_DAILY_LEASE_SECONDS).
   */
  dailyLeaseSeconds: number;
  mail: {
    /** The first retry's delay; each next one doubles, with jitter (MAIL_RETRY_SECONDS). */
    retrySeconds: number;
    /**
     * How long one delivery may hold a message before another instance takes it over
     * (MAIL_LEASE_SECONDS); the SMTP timeouts are a third of it.
     */
    leaseSeconds: number;
    /** An email not sent after this many hours is given up, marked failed (MAIL_MAX_AGE_HOURS). */
    maxAgeHours: number;
    /** Deliveries one instance runs at once (MAIL_CONCURRENCY). */
    concurrency: number;
  };
  /** The billing run's jobs (src/server/billing/jobs.ts, docs/billing.md "The billing run"). */
  billing: {
    /**
     * Whether the runner queues the billing pass and the card-expiry reminders of each business
     * date (BILLING_SCHEDULE, `on` or `off`; `off` under NODE_ENV=test, where tests run them).
     */
    schedule: boolean;
    /** How long a billing pass may run before another instance takes it over (BILLING_PASS_LEASE_SECONDS). */
    passLeaseSeconds: number;
    /** Autopay charges one instance has in flight at once (BILLING_CHARGE_CONCURRENCY). */
    chargeConcurrency: number;
    /** How long one charge may hold its attempt before another instance takes it over (BILLING_CHARGE_LEASE_SECONDS). */
    chargeLeaseSeconds: number;
    /** A failed charge's first retry delay; each next one doubles (BILLING_CHARGE_RETRY_SECONDS). */
    chargeRetrySeconds: number;
  };
}

/** OpenStreetMap's standard tiles, the map's by default: up to zoom 19, with its attribution. */
export const DEFAULT_MAP_TILES: MapTiles = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  maxZoom: 19,
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
};

/** The captcha of the signup and the availability contact (src/server/signup/captcha). */
export interface CaptchaConfig {
  /** `altcha`: self-hosted proof of work; `recaptcha`: Google reCAPTCHA (hosted). */
  provider: 'altcha' | 'recaptcha';
  /**
   * altcha: the HMAC secret that signs challenges (when unset, one is generated once and kept in
   * the database so that instances agree); recaptcha: the secret key.
   */
  secret: string | undefined;
  /** recaptcha: the site key the page uses. */
  siteKey: string;
  /** recaptcha: the verification endpoint. */
  verifyUrl: string;
  /** altcha: PBKDF2 iterations per attempt, and the most attempts a challenge needs. */
  altchaCost: number;
  altchaMaxCounter: number;
  /** altcha: how long a challenge stays valid, in seconds. */
  challengeTtlSeconds: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * The addresses that only this computer reaches. Listening on any other (0.0.0.0, ::, a network
 * address or name) is "beyond loopback".
 */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.includes(host.trim().toLowerCase());
}

/**
 * Whether this server serves demo data (demo logins, the mailbox): never in production; outside
 * production, DEMO decides, and when it is unset, loopback only. Beyond loopback in development
 * anyone on the network could log in with the published demo password or reset any password
 * through the mailbox, so the server refuses to start unless DEMO=1 says that is meant.
 */
export function decideDemo(input: {
  mode: RunMode;
  host: string;
  /** DEMO: unset, 1 or 0. */
  demo: boolean | undefined;
}): boolean {
  const { mode, host, demo } = input;
  if (mode === 'production') {
    if (demo === true) {
      throw new ConfigError(
        'DEMO',
        'must not be on in production (demo logins have a published password)',
      );
    }
    return false;
  }
  if (isLoopbackHost(host)) return demo ?? true;
  if (demo !== true) {
    throw new ConfigError(
      'HOST',
      `must be a loopback address (${LOOPBACK_HOSTS.join(', ')}) in ${mode} mode unless DEMO=1: ` +
        `with HOST=${host} anyone on the network could log in with the published demo password ` +
        'and read password reset links in the mailbox. Unset HOST, set DEMO=1 to serve the demo ' +
        'to the network anyway, or run with NODE_ENV=production.',
    );
  }
  return true;
}

/** Demo logins, demo links and the mailbox exist: `demo`, and never in production whatever else. */
export function servesDemo(config: Pick<Config, 'production' | 'demo'>): boolean {
  return config.demo && !config.production;
}

/** The demo logins' password when DEMO_PASSWORD is unset (printed at start and in the README). */
export const DEFAULT_DEMO_PASSWORD = 'ridgeline-demo';

const projectRoot = path.resolve(import.meta.dirname, '../..');

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function field<T>(env: Env, name: string, schema: v.GenericSchema<string, T>, fallback: string): T {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : raw;
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ConfigError(name, `${result.issues[0].message} (got "${value}")`);
  return result.output;
}

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const httpUrl = v.pipe(
  v.string(),
  v.url('must be a URL'),
  v.regex(/^https?:\/\//, 'must start with http:// or https://'),
);
const email = v.pipe(v.string(), v.email('must be an email address'));
const seconds = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number of seconds'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1'),
);
const yesNo = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1'),
);
const smtpUrl = v.pipe(
  v.string(),
  v.regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://'),
);
const optional = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(0, 'must be between 0 and 65535'),
  v.maxValue(65535, 'must be between 0 and 65535'),
);

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const nodeEnv = field(
    env,
    'NODE_ENV',
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  );
  const host = field(env, 'HOST', nonEmpty, nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const demo = optional(env, 'DEMO') === undefined ? undefined : field(env, 'DEMO', yesNo, '');
  return {
    mode: nodeEnv,
    production: nodeEnv === 'production',
    port: field(env, 'PORT', port, '3000'),
    host,
    demo: decideDemo({ mode: nodeEnv, host, demo }),
    databaseUrl,
    dataDir: path.resolve(field(env, 'DATA_DIR', nonEmpty, path.join(projectRoot, 'data'))),
    logLevel: field(
      env,
      'LOG_LEVEL',
      v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`),
      DEFAULT_LOG_LEVEL,
    ),
    productName: field(env, 'PRODUCT_NAME', nonEmpty, PROVIDER_DETAILS_DEFAULTS.productName),
    mainSiteUrl: field(env, 'MAIN_SITE_URL', httpUrl, PROVIDER_DETAILS_DEFAULTS.mainSiteUrl),
    contactPhone: field(env, 'CONTACT_PHONE', nonEmpty, PROVIDER_DETAILS_DEFAULTS.contactPhone),
    contactEmail: field(env, 'CONTACT_EMAIL', email, PROVIDER_DETAILS_DEFAULTS.contactEmail),
    salesPhone: field(env, 'SALES_PHONE', nonEmpty, PROVIDER_DETAILS_DEFAULTS.salesPhone),
    salesEmail: field(env, 'SALES_EMAIL', email, PROVIDER_DETAILS_DEFAULTS.salesEmail),
    chatUrl: field(env, 'CHAT_URL', httpUrl, PROVIDER_DETAILS_DEFAULTS.chatUrl),
    cookieSecure: field(
      env,
      'COOKIE_SECURE',
      v.picklist(['auto', 'always', 'never'], 'must be auto, always or never'),
      'auto',
    ),
    webDistDir: path.resolve(
      field(env, 'WEB_DIST_DIR', nonEmpty, path.join(projectRoot, 'dist', 'web')),
    ),
    version: readVersion(),
    ...sessionConfig(env, nodeEnv === 'production'),
    ...paymentsConfig(env, nodeEnv === 'production'),
    hypervisor: hypervisorFromEnv(env, nodeEnv === 'production'),
    ...serviceabilityConfig(env),
    map: mapConfig(env),
    ...billingConfig(env, nodeEnv === 'production'),
    activityRetentionDays: field(
      env,
      'ACTIVITY_RETENTION_DAYS',
      wholeNumber(1, 36_500),
      String(ACTIVITY.retentionDays),
    ),
    hostAgent: hostAgentConfig(env),
    dns: loadDnsConfig(env, (variable, problem) => new ConfigError(variable, problem)),
    ...webauthnConfig(env),
    jobs: jobsConfig(env),
    metricsToken: metricsToken(env),
  };
}

function jobsConfig(env: Env): JobsConfig {
  return {
    pollSeconds: field(env, 'JOB_POLL_SECONDS', wholeNumber(1, 3600), '2'),
    maintenanceSeconds: field(env, 'JOB_MAINTENANCE_SECONDS', wholeNumber(1, 3600), '30'),
    dailyLeaseSeconds: field(env, 'JOB_DAILY_LEASE_SECONDS', wholeNumber(5, 86_400), '600'),
    mail: {
      retrySeconds: field(env, 'MAIL_RETRY_SECONDS', wholeNumber(1, 86_400), '30'),
      leaseSeconds: field(env, 'MAIL_LEASE_SECONDS', wholeNumber(3, 3600), '120'),
      maxAgeHours: field(env, 'MAIL_MAX_AGE_HOURS', wholeNumber(1, 720), '48'),
      concurrency: field(env, 'MAIL_CONCURRENCY', wholeNumber(1, 64), '4'),
    },
    billing: {
      schedule:
        field(
          env,
          'BILLING_SCHEDULE',
          v.picklist(['on', 'off'], 'must be on or off'),
          env.NODE_ENV === 'test' ? 'off' : 'on',
        ) === 'on',
      passLeaseSeconds: field(env, 'BILLING_PASS_LEASE_SECONDS', wholeNumber(5, 86_400), '1800'),
      chargeConcurrency: field(env, 'BILLING_CHARGE_CONCURRENCY', wholeNumber(1, 256), '16'),
      chargeLeaseSeconds: field(env, 'BILLING_CHARGE_LEASE_SECONDS', wholeNumber(3, 3600), '120'),
      chargeRetrySeconds: field(env, 'BILLING_CHARGE_RETRY_SECONDS', wholeNumber(1, 86_400), '30'),
    },
  };
}

function webauthnConfig(env: Env): Pick<Config, 'webauthnRpId' | 'webauthnOrigins'> {
  const rpId = optional(env, 'WEBAUTHN_RP_ID');
  if (rpId !== undefined && !/^[a-z0-9.-]+$/i.test(rpId)) {
    throw new ConfigError('WEBAUTHN_RP_ID', 'must be a host name, such as portal.example.com');
  }
  const listed = optional(env, 'WEBAUTHN_ORIGINS');
  const origins = listed?.split(',').map((origin) => {
    try {
      const url = new URL(origin.trim());
      if (url.origin !== 'null') return url.origin;
    } catch {
      // reported below
    }
    throw new ConfigError('WEBAUTHN_ORIGINS', 'must be origins such as https://portal.example.com');
  });
  return { webauthnRpId: rpId?.toLowerCase(), webauthnOrigins: origins };
}

function metricsToken(env: Env): string | undefined {
  const token = optional(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 24) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 24 characters long');
  }
  return token;
}

/** The host of a tile URL template: names, IPv4 addresses and a port (nothing a CSP reads apart). */
const TILE_HOST = /^(\{s\}\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The Content-Security-Policy source that lets the page load a tile URL template's images: the
 * template's origin, or `scheme://*.host` when its first host label is the `{s}` subdomain. A
 * template that is not an http(s) URL with `{z}`, `{x}` and `{y}` has none (undefined).
 */
export function mapTileSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]*)([/?#].*)$/i.exec(template.trim());
  if (!match) return undefined;
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  if (!TILE_HOST.test(authority)) return undefined;
  if (!['{z}', '{x}', '{y}'].every((part) => rest.includes(part))) return undefined;
  const subdomains = authority.startsWith('{s}.');
  let origin: string;
  try {
    origin = new URL(`${scheme}://${subdomains ? authority.slice(4) : authority}`).origin;
  } catch {
    return undefined;
  }
  return subdomains ? origin.replace('://', '://*.') : origin;
}

function mapConfig(env: Env): MapTiles {
  return {
    tileUrl: field(
      env,
      'MAP_TILE_URL',
      v.pipe(
        v.string(),
        v.trim(),
        v.check(
          (value) => mapTileSource(value) !== undefined,
          'must be an http:// or https:// URL template with {z}, {x} and {y} (and {s} only as ' +
            'the first part of the host), like https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        ),
      ),
      DEFAULT_MAP_TILES.tileUrl,
    ),
    maxZoom: field(
      env,
      'MAP_TILE_MAX_ZOOM',
      wholeNumber(0, MAP_ZOOM),
      String(DEFAULT_MAP_TILES.maxZoom),
    ),
    attribution: field(env, 'MAP_TILE_ATTRIBUTION', nonEmpty, DEFAULT_MAP_TILES.attribution),
    attributionUrl: field(
      env,
      'MAP_TILE_ATTRIBUTION_URL',
      httpUrl,
      DEFAULT_MAP_TILES.attributionUrl,
    ),
  };
}

/** The image sources the pages need beyond their own: the map's tile server. */
export function imageOrigins(config: Pick<Config, 'map'>): string[] {
  const source = mapTileSource(config.map.tileUrl);
  return source === undefined ? [] : [source];
}

function billingConfig(
  env: Env,
  production: boolean,
): Pick<Config, 'billingTaxRateBp' | 'billingTestPause'> {
  const billingPauseDir = optional(env, 'BILLING_TEST_PAUSE_DIR');
  if (production && billingPauseDir !== undefined) {
    throw new ConfigError(
      'BILLING_TEST_PAUSE_DIR',
      'is for tests and must not be set in production',
    );
  }
  const taxPercent = field(
    env,
    'BILLING_TAX_RATE',
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 6.1 (0 to 99.99)'),
      v.transform(Number),
    ),
    String(BILLING.defaultTaxRatePercent),
  );
  return {
    billingTaxRateBp: Math.round(taxPercent * 100),
    billingTestPause:
      billingPauseDir === undefined
        ? undefined
        : {
            dir: path.resolve(billingPauseDir),
            at: field(
              env,
              'BILLING_TEST_PAUSE_AT',
              v.picklist(
                ['before_charge', 'after_charge', 'mid_pass'],
                'must be before_charge, after_charge or mid_pass',
              ),
              'before_charge',
            ),
          },
  };
}

const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

function serviceabilityConfig(env: Env): Pick<Config, 'seedAddresses' | 'captcha'> {
  const provider = field(
    env,
    'CAPTCHA_PROVIDER',
    v.picklist(['altcha', 'recaptcha'], 'must be altcha or recaptcha'),
    'altcha',
  );
  const secret = optional(env, 'CAPTCHA_SECRET');
  const siteKey = optional(env, 'RECAPTCHA_SITE_KEY') ?? '';
  if (provider === 'recaptcha' && (!secret || !siteKey)) {
    throw new ConfigError(
      secret ? 'RECAPTCHA_SITE_KEY' : 'CAPTCHA_SECRET',
      'must be set when CAPTCHA_PROVIDER is recaptcha',
    );
  }
  if (provider === 'altcha' && secret !== undefined && secret.length < 32) {
    throw new ConfigError('CAPTCHA_SECRET', 'must be at least 32 characters long');
  }
  return {
    seedAddresses: field(env, 'SEED_ADDRESSES', wholeNumber(100, 10_000_000), '250000'),
    captcha: {
      provider,
      secret,
      siteKey,
      verifyUrl: field(
        env,
        'RECAPTCHA_VERIFY_URL',
        httpUrl,
        'https://www.google.com/recaptcha/api/siteverify',
      ),
      altchaCost: field(env, 'ALTCHA_COST', wholeNumber(1, 1_000_000), '1000'),
      altchaMaxCounter: field(env, 'ALTCHA_MAX_COUNTER', wholeNumber(10, 10_000_000), '5000'),
      challengeTtlSeconds: field(env, 'CAPTCHA_CHALLENGE_TTL_SECONDS', seconds, '600'),
    },
  };
}

function sessionConfig(env: Env, production: boolean) {
  const tokenSecret = optional(env, 'TOKEN_SECRET');
  if (tokenSecret !== undefined && tokenSecret.length < 32) {
    throw new ConfigError('TOKEN_SECRET', 'must be at least 32 characters long');
  }
  if (production && tokenSecret === undefined) {
    throw new ConfigError(
      'TOKEN_SECRET',
      'must be set in production (32 or more random characters)',
    );
  }
  const publicUrl = optional(env, 'PUBLIC_URL');
  if (publicUrl !== undefined) field(env, 'PUBLIC_URL', httpUrl, publicUrl);
  if (production && publicUrl === undefined) {
    throw new ConfigError(
      'PUBLIC_URL',
      'must be set in production (the site origin for emailed links)',
    );
  }
  const smtp = optional(env, 'SMTP_URL');
  return {
    accessTokenTtlSeconds: field(env, 'ACCESS_TOKEN_TTL_SECONDS', seconds, '900'),
    refreshTokenTtlSeconds: field(env, 'REFRESH_TOKEN_TTL_SECONDS', seconds, '1209600'),
    tokenSecret,
    demoPassword: field(
      env,
      'DEMO_PASSWORD',
      v.pipe(v.string(), v.minLength(12, 'must be at least 12 characters long')),
      DEFAULT_DEMO_PASSWORD,
    ),
    smtpUrl: smtp === undefined ? undefined : field(env, 'SMTP_URL', smtpUrl, smtp),
    mailFrom: field(env, 'MAIL_FROM', email, 'no-reply@ridgeline.example'),
    trustProxy: field(env, 'TRUST_PROXY', yesNo, 'false'),
    publicUrl: publicUrl?.replace(/\/+$/, ''),
  };
}

/** An exact origin (scheme, host and port only), e.g. `https://pay.example.com`. */
const origin = v.pipe(
  httpUrl,
  v.check((value) => {
    try {
      return new URL(value).origin === value.replace(/\/+$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin: scheme, host and port only, like https://pay.example.com'),
  v.transform((value) => value.replace(/\/+$/, '')),
);

/** 32 bytes written as 64 hex digits or as base64. */
export function decodeBankEncryptionKey(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

function paymentsConfig(env: Env, production: boolean) {
  const appPort = field(env, 'PORT', port, '3000');
  const providerPort = field(env, 'CARD_PROVIDER_PORT', port, '3001');
  const providerOrigin = field(
    env,
    'CARD_PROVIDER_ORIGIN',
    origin,
    `http://localhost:${providerPort}`,
  );
  const productionOrigin = optional(env, 'CARD_PROVIDER_PRODUCTION_ORIGIN');
  const publicUrl = optional(env, 'PUBLIC_URL');
  const defaultParents = [
    ...(publicUrl ? [new URL(publicUrl).origin] : []),
    ...(production ? [] : [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`]),
  ];
  const parents = field(
    env,
    'CARD_PROVIDER_PARENT_ORIGINS',
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(origin, 'must be a comma-separated list of origins'),
    ),
    defaultParents.join(','),
  );
  const apiKey = optional(env, 'CARD_PROVIDER_API_KEY');
  if (apiKey !== undefined && apiKey.length < 24) {
    throw new ConfigError('CARD_PROVIDER_API_KEY', 'must be at least 24 characters long');
  }
  const bankKey = optional(env, 'BANK_ENCRYPTION_KEY');
  if (bankKey !== undefined && !decodeBankEncryptionKey(bankKey)) {
    throw new ConfigError(
      'BANK_ENCRYPTION_KEY',
      'must be 32 bytes written as 64 hex digits or as base64',
    );
  }
  if (production && bankKey === undefined) {
    throw new ConfigError(
      'BANK_ENCRYPTION_KEY',
      'must be set in production (32 random bytes as 64 hex digits or base64)',
    );
  }
  return {
    cardProcessor: field(
      env,
      'CARD_PROCESSOR',
      v.picklist(['sandbox'], 'must be sandbox (the only processor so far)'),
      'sandbox',
    ),
    cardProviderPort: providerPort,
    cardProviderOrigin: providerOrigin,
    cardProviderProductionOrigin:
      productionOrigin === undefined
        ? undefined
        : field(env, 'CARD_PROVIDER_PRODUCTION_ORIGIN', origin, productionOrigin),
    cardProviderApiUrl: field(
      env,
      'CARD_PROVIDER_API_URL',
      httpUrl,
      `http://127.0.0.1:${providerPort}`,
    ).replace(/\/+$/, ''),
    // Without a configured key, the server and the provider it starts share a per-process one.
    cardProviderApiKey: apiKey ?? randomBytes(24).toString('base64url'),
    cardProviderParentOrigins: parents,
    bankEncryptionKey: bankKey,
  };
}

/** The card provider origins our pages may frame and accept card messages from (exact). */
export function cardProviderOrigins(config: Config): string[] {
  return [
    ...new Set(
      [config.cardProviderOrigin, config.cardProviderProductionOrigin].filter(
        (value): value is string => value !== undefined,
      ),
    ),
  ];
}

export function publicConfig(config: Config): PublicConfig {
  return {
    ...providerDetails(config),
    production: config.production,
    version: config.version,
    cardProviderOrigins: cardProviderOrigins(config),
    map: config.map,
  };
}

// Managed hosting (docs/managed-hosting.md): where the API reaches the host agent, and how the
// stand-in agent that `npm start` runs beside the server is set up.
export interface HostAgentConfig {
  /** The stand-in agent's port. */
  port: number;
  /** Where the API reaches the agent. */
  url: string;
  /** The key the API presents to the agent; without one, a per-process key shared with it. */
  apiKey: string;
  /** Where the stand-in keeps each server's state and nginx files. */
  dir: string;
  /**
   * The nginx that checks every configuration (`nginx -t`). Absent: the stand-in agent does not
   * start in production, and in development says with each change that it was not checked.
   */
  nginxBinary: string;
  /** How many `nginx -t` the agent runs at once (HOST_AGENT_NGINX_CHECKS). */
  nginxChecks: number;
  /**
   * How many more changes may wait for their turn (their server's lock or a check) before the
   * agent answers busy (HOST_AGENT_QUEUE_SIZE).
   */
  queueSize: number;
}

function hostAgentConfig(env: Env): HostAgentConfig {
  const agentPort = field(env, 'HOST_AGENT_PORT', port, '3002');
  const apiKey = optional(env, 'HOST_AGENT_API_KEY');
  if (apiKey !== undefined && apiKey.length < 24) {
    throw new ConfigError('HOST_AGENT_API_KEY', 'must be at least 24 characters long');
  }
  const dataDir = field(env, 'DATA_DIR', nonEmpty, path.join(projectRoot, 'data'));
  return {
    port: agentPort,
    url: field(env, 'HOST_AGENT_URL', httpUrl, `http://127.0.0.1:${agentPort}`).replace(/\/+$/, ''),
    apiKey: apiKey ?? randomBytes(24).toString('base64url'),
    dir: path.resolve(field(env, 'HOST_AGENT_DIR', nonEmpty, path.join(dataDir, 'host-agent'))),
    nginxBinary: field(env, 'NGINX_BINARY', nonEmpty, '/usr/sbin/nginx'),
    nginxChecks: field(
      env,
      'HOST_AGENT_NGINX_CHECKS',
      wholeNumber(1, 64),
      String(DEFAULT_CHECK_LIMITS.checks),
    ),
    queueSize: field(
      env,
      'HOST_AGENT_QUEUE_SIZE',
      wholeNumber(0, 10_000),
      String(DEFAULT_CHECK_LIMITS.queue),
    ),
  };
}

function hypervisorFromEnv(env: Env, production: boolean): HypervisorConfig {
  try {
    return hypervisorConfig(env, production);
  } catch (error) {
    if (error instanceof HypervisorConfigError) {
      throw new ConfigError(error.variable, error.problem);
    }
    throw error;
  }
}
