import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, decodeBankEncryptionKey, loadConfig } from '../../src/server/config.ts';
import {
  BANK_KEY_FILE,
  BankCryptoError,
  bankCipherFor,
  createBankCipher,
  loadBankEncryptionKey,
  sealBankAccount,
} from '../../src/server/billing/processors/bank-crypto.ts';

const key = randomBytes(32);
const cipher = createBankCipher(key);
const noFolder = '/nonexistent-bank-key-dir';

describe('bank account encryption (AES-256-GCM)', () => {
  it('round-trips any account number, with a fresh nonce each time', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{4,17}$/),
        fc.option(fc.string(), { nil: undefined }),
        (n, context) => {
          const sealed = cipher.encrypt(n, context);
          // The stored text is base64url and a random hex key id, so a short number can turn up
          // in it by chance: the property is that the enciphered bytes are not the number's.
          const enciphered = Buffer.from(sealed.split('.')[4], 'base64url');
          expect(enciphered).toHaveLength(n.length);
          expect(enciphered.equals(Buffer.from(n))).toBe(false);
          expect(cipher.decrypt(sealed, context)).toBe(n);
        },
      ),
    );
    expect(cipher.encrypt('000123456789')).not.toContain('000123456789');
    expect(cipher.encrypt('000123456789')).not.toBe(cipher.encrypt('000123456789'));
  });

  it('names the version and the key in the stored form', () => {
    const parts = cipher.encrypt('123456789').split('.');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe('v1');
    expect(parts[1]).toBe(cipher.keyId);
    expect(cipher.keyId).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses a tampered value, another context, another key, and garbage', () => {
    const sealed = cipher.encrypt('000123456789', 'account:1');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[4], 'base64url');
    ciphertext[0] ^= 1;
    const tampered = [...parts.slice(0, 4), ciphertext.toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered, 'account:1')).toThrow(BankCryptoError);
    expect(() => cipher.decrypt(sealed, 'account:2')).toThrow(/damaged or was moved/);
    expect(() => createBankCipher(randomBytes(32)).decrypt(sealed, 'account:1')).toThrow(
      /another key/,
    );
    expect(() => cipher.decrypt('123456789')).toThrow(/Not an encrypted/);
    expect(() => createBankCipher(randomBytes(16))).toThrow(BankCryptoError);
  });

  it('seals an account for storage with only its last four digits in clear', () => {
    const sealed = sealBankAccount(cipher, '000123456789', 'account:7');
    expect(sealed.account_last_four).toBe('6789');
    expect(sealed.account_encrypted).not.toContain('123456789');
    expect(cipher.decrypt(sealed.account_encrypted, 'account:7')).toBe('000123456789');
  });
});

describe('the bank encryption key', () => {
  it('is read as 64 hex digits or base64 of 32 bytes', async () => {
    const hex = key.toString('hex');
    expect(decodeBankEncryptionKey(hex)).toEqual(key);
    expect(decodeBankEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(decodeBankEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(decodeBankEncryptionKey('abc')).toBeUndefined();
    expect(decodeBankEncryptionKey(randomBytes(16).toString('hex'))).toBeUndefined();
    expect(
      await loadBankEncryptionKey({ bankEncryptionKey: hex, production: true, dataDir: noFolder }),
    ).toEqual(key);
  });

  it('is required in production and checked at start', async () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://portal.example.com',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow('BANK_ENCRYPTION_KEY must be set in production');
    expect(() => loadConfig({ BANK_ENCRYPTION_KEY: 'too-short' })).toThrow(
      'BANK_ENCRYPTION_KEY must be 32 bytes',
    );
    expect(loadConfig({ ...production, BANK_ENCRYPTION_KEY: key.toString('hex') }).production).toBe(
      true,
    );
    await expect(
      loadBankEncryptionKey({ bankEncryptionKey: undefined, production: true, dataDir: noFolder }),
    ).rejects.toThrow(ConfigError);
  });

  it('outside production is generated once into the data folder, apart from the database', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'bank-key-')), 'data');
    try {
      const config = { bankEncryptionKey: undefined, production: false, dataDir };
      // Two instances starting together agree on one key.
      const [first, second] = await Promise.all([
        loadBankEncryptionKey(config),
        loadBankEncryptionKey(config),
      ]);
      expect(second).toEqual(first);
      const file = path.join(dataDir, BANK_KEY_FILE);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(dataDir)).toEqual([BANK_KEY_FILE]);
      expect(await loadBankEncryptionKey(config)).toEqual(first);

      const shared = await bankCipherFor({ config });
      expect(await bankCipherFor({ config: { ...config } })).toBe(shared);
      const sealed = shared.encrypt('000123456789', 'account:1');
      expect(createBankCipher(first).decrypt(sealed, 'account:1')).toBe('000123456789');

      writeFileSync(file, 'damaged\n');
      await expect(loadBankEncryptionKey(config)).rejects.toThrow(BankCryptoError);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe('card provider configuration', () => {
  it('has local defaults, and allows frames and messages from exact origins only', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(config).toMatchObject({
      cardProcessor: 'sandbox',
      cardProviderPort: 3001,
      cardProviderOrigin: 'http://localhost:3001',
      cardProviderProductionOrigin: undefined,
      cardProviderApiUrl: 'http://127.0.0.1:3001',
      cardProviderParentOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    });
    expect(config.cardProviderApiKey.length).toBeGreaterThanOrEqual(24);
  });

  it('reads its variables', () => {
    const config = loadConfig({
      CARD_PROVIDER_PORT: '4001',
      CARD_PROVIDER_ORIGIN: 'https://sandbox.pay.example/',
      CARD_PROVIDER_PRODUCTION_ORIGIN: 'https://pay.example',
      CARD_PROVIDER_API_URL: 'http://pay-internal:4001/',
      CARD_PROVIDER_API_KEY: 'k'.repeat(24),
      CARD_PROVIDER_PARENT_ORIGINS: 'https://portal.example, https://www.portal.example',
    });
    expect(config).toMatchObject({
      cardProviderPort: 4001,
      cardProviderOrigin: 'https://sandbox.pay.example',
      cardProviderProductionOrigin: 'https://pay.example',
      cardProviderApiUrl: 'http://pay-internal:4001',
      cardProviderApiKey: 'k'.repeat(24),
      cardProviderParentOrigins: ['https://portal.example', 'https://www.portal.example'],
    });
  });

  it.each([
    ['CARD_PROVIDER_ORIGIN', 'https://pay.example/form', 'CARD_PROVIDER_ORIGIN must be an origin'],
    [
      'CARD_PROVIDER_PRODUCTION_ORIGIN',
      'pay.example',
      'CARD_PROVIDER_PRODUCTION_ORIGIN must be a URL',
    ],
    ['CARD_PROVIDER_PARENT_ORIGINS', 'https://a.example,ftp://b', 'CARD_PROVIDER_PARENT_ORIGINS'],
    ['CARD_PROVIDER_API_KEY', 'short', 'CARD_PROVIDER_API_KEY must be at least 24 characters'],
    ['CARD_PROVIDER_PORT', 'x', 'CARD_PROVIDER_PORT must be a whole number'],
    ['CARD_PROCESSOR', 'stripe', 'CARD_PROCESSOR must be sandbox'],
  ])('stops on a bad %s', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });
});
