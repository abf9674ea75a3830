/**
 * The server's configuration, read once from environment variables with defaults and validated at
 * start: a bad value stops the server with a message naming the variable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '#shared/constants';
import type { PublicConfig } from '#shared/public-config';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** A PostgreSQL URL; when absent the embedded database under {@link dataDir} is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: LogLevel;
  productName: string;
  mainSiteUrl: string;
  contactPhone: string;
  contactEmail: string;
  salesPhone: string;
  salesEmail: string;
  chatUrl: string;
  /** `auto` marks cookies Secure (with the `__Host-` prefix) when the request came over HTTPS. */
  cookieSecure: 'auto' | 'always' | 'never';
  /** Where the built web app lives. */
  webDistDir: string;
  version: string;
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
  return {
    production: nodeEnv === 'production',
    port: field(env, 'PORT', port, '3000'),
    host: field(env, 'HOST', nonEmpty, '0.0.0.0'),
    databaseUrl,
    dataDir: path.resolve(field(env, 'DATA_DIR', nonEmpty, path.join(projectRoot, 'data'))),
    logLevel: field(
      env,
      'LOG_LEVEL',
      v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`),
      DEFAULT_LOG_LEVEL,
    ),
    productName: field(env, 'PRODUCT_NAME', nonEmpty, 'Ridgeline Fiber'),
    mainSiteUrl: field(env, 'MAIN_SITE_URL', httpUrl, 'https://www.ridgeline.example'),
    contactPhone: field(env, 'CONTACT_PHONE', nonEmpty, '(801) 555-0100'),
    contactEmail: field(env, 'CONTACT_EMAIL', email, 'support@ridgeline.example'),
    salesPhone: field(env, 'SALES_PHONE', nonEmpty, '(801) 555-0199'),
    salesEmail: field(env, 'SALES_EMAIL', email, 'sales@ridgeline.example'),
    chatUrl: field(env, 'CHAT_URL', httpUrl, 'https://www.ridgeline.example/livesupport'),
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
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    productName: config.productName,
    mainSiteUrl: config.mainSiteUrl,
    contactPhone: config.contactPhone,
    contactEmail: config.contactEmail,
    salesPhone: config.salesPhone,
    salesEmail: config.salesEmail,
    chatUrl: config.chatUrl,
    production: config.production,
    version: config.version,
  };
}
