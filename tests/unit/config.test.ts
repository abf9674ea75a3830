import { describe, expect, it } from 'vitest';
import { ConfigError, decideDemo, isLoopbackHost, loadConfig } from '../../src/server/config.ts';
import { startBanner } from '../../src/server/main.ts';

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

  it('listens on 127.0.0.1 outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1');
  });
});

describe('demo logins and the mailbox (start-up decision)', () => {
  it.each(['127.0.0.1', '::1', 'localhost', 'LOCALHOST'])('counts %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'portal.example', '127.0.0.2'])(
    'counts %s as beyond loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );

  it('serves the demo outside production on loopback', () => {
    expect(decideDemo({ mode: 'development', host: '127.0.0.1', demo: undefined })).toBe(true);
    expect(decideDemo({ mode: 'test', host: 'localhost', demo: undefined })).toBe(true);
    expect(decideDemo({ mode: 'development', host: '::1', demo: true })).toBe(true);
  });

  it('leaves the demo out when DEMO=0 says so', () => {
    expect(decideDemo({ mode: 'development', host: '127.0.0.1', demo: false })).toBe(false);
  });

  it('refuses to serve the demo beyond loopback in development without DEMO=1', () => {
    for (const demo of [undefined, false]) {
      const decide = () => decideDemo({ mode: 'development', host: '0.0.0.0', demo });
      expect(decide).toThrow(ConfigError);
      expect(decide).toThrow(/HOST=0\.0\.0\.0/);
      expect(decide).toThrow(/DEMO=1/);
    }
  });

  it('serves the demo beyond loopback when DEMO=1 says so', () => {
    expect(decideDemo({ mode: 'development', host: '0.0.0.0', demo: true })).toBe(true);
  });

  it('never serves the demo in production, on any address', () => {
    expect(decideDemo({ mode: 'production', host: '0.0.0.0', demo: undefined })).toBe(false);
    expect(decideDemo({ mode: 'production', host: '127.0.0.1', demo: false })).toBe(false);
    expect(() => decideDemo({ mode: 'production', host: '0.0.0.0', demo: true })).toThrow(
      'DEMO must not be on in production',
    );
  });

  it('is part of the configuration: loadConfig refuses and decides alike', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', DEMO: '1' }).demo).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: 'perhaps' })).toThrow('DEMO must be true or false');
    const production = loadConfig({
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://portal.example',
      BANK_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(production).toMatchObject({ host: '0.0.0.0', demo: false, production: true });
  });
});

describe('start banner', () => {
  it('says the mode, whether demo data is served and where it listens', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(startBanner(config, 3000)).toBe(
      'Ridgeline Fiber (development, demo data, listening on http://127.0.0.1:3000/control/)',
    );
    expect(startBanner(loadConfig({ DEMO: '0', NODE_ENV: 'test' }), 4000)).toBe(
      'Ridgeline Fiber (test, no demo data, listening on http://127.0.0.1:4000/control/)',
    );
    expect(startBanner(loadConfig({ HOST: '::1' }), 3000)).toContain('http://[::1]:3000/control/');
  });
});
