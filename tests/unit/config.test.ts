import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('server configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      production: false,
      logLevel: 'info',
      cookieSecure: 'auto',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgres://u:p@localhost:5432/app',
      PRODUCT_NAME: 'Acme Fiber',
      MAIN_SITE_URL: 'https://acme.example',
      CONTACT_PHONE: '(555) 555-1234',
      CONTACT_EMAIL: 'help@acme.example',
      COOKIE_SECURE: 'always',
      TOKEN_SECRET: 'a-production-signing-key-of-32-characters-or-more',
      PUBLIC_URL: 'https://portal.acme.example/',
      BANK_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 8080,
      production: true,
      logLevel: 'warn',
      databaseUrl: 'postgres://u:p@localhost:5432/app',
      productName: 'Acme Fiber',
      mainSiteUrl: 'https://acme.example',
      contactPhone: '(555) 555-1234',
      contactEmail: 'help@acme.example',
      cookieSecure: 'always',
      tokenSecret: 'a-production-signing-key-of-32-characters-or-more',
      publicUrl: 'https://portal.acme.example',
    });
  });

  it('needs a token secret and a public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' })).toThrow(
      'TOKEN_SECRET must be set in production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(32) })).toThrow(
      'PUBLIC_URL must be set in production',
    );
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a whole number'],
    ['PORT', '70000', 'PORT must be between 0 and 65535'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of debug, info, warn, error'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must start with postgres://'],
    ['MAIN_SITE_URL', 'ftp://site', 'MAIN_SITE_URL must start with http:// or https://'],
    ['CONTACT_EMAIL', 'not-an-email', 'CONTACT_EMAIL must be an email address'],
    ['COOKIE_SECURE', 'yes', 'COOKIE_SECURE must be auto, always or never'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be development, production or test'],
    ['TOKEN_SECRET', 'short', 'TOKEN_SECRET must be at least 32 characters long'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0', 'ACCESS_TOKEN_TTL_SECONDS must be at least 1'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must start with smtp:// or smtps://'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true or false'],
  ])('stops on a bad %s, naming it', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });
});
