/**
 * Bank account numbers at rest: AES-256-GCM with a random 96-bit nonce per value and the
 * authentication tag kept beside the ciphertext. The key is BANK_ENCRYPTION_KEY (required in
 * production); outside production, when unset, a key is generated once into
 * `<DATA_DIR>/bank-encryption.key` (mode 0600), apart from the database, so that a copy of the
 * database alone reveals no account number. Instances that share a database outside production
 * share that folder or set the key. Only the last four digits are ever shown.
 *
 * Stored form: `v1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url parts). The key id (8 hex
 * digits of the key's SHA-256) makes a value sealed with another key fail clearly. An optional
 * context (for example the payment account id) is bound in as associated data: a value copied to
 * another row does not decrypt there.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lastFour } from '#shared/schemas/payment';
import { ConfigError, decodeBankEncryptionKey, type Config } from '../../config.ts';

const VERSION = 'v1';
export const BANK_KEY_FILE = 'bank-encryption.key';
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class BankCryptoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankCryptoError';
  }
}

export interface BankCipher {
  /** 8 hex digits naming the key. */
  readonly keyId: string;
  encrypt(plain: string, context?: string): string;
  decrypt(stored: string, context?: string): string;
}

/** A bank account number sealed for storage, with the only part that may be shown. */
export interface SealedBankAccount {
  account_encrypted: string;
  account_last_four: string;
}

function associatedData(context: string | undefined): Buffer {
  return Buffer.from(`bank-account${context === undefined ? '' : `:${context}`}`, 'utf8');
}

export function createBankCipher(key: Buffer): BankCipher {
  if (key.length !== 32) throw new BankCryptoError('The bank encryption key must be 32 bytes.');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    keyId,
    encrypt(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, keyId, nonce, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const parts = stored.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) {
        throw new BankCryptoError('Not an encrypted bank account number.');
      }
      if (parts[1] !== keyId) {
        throw new BankCryptoError(`Sealed with another key (${parts[1]}), not ${keyId}.`);
      }
      const [nonce, tag, ciphertext] = parts.slice(2).map((part) => Buffer.from(part, 'base64url'));
      if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
        throw new BankCryptoError('Not an encrypted bank account number.');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(associatedData(context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new BankCryptoError('The encrypted bank account number is damaged or was moved.');
      }
    },
  };
}

/** Encrypts an account number and keeps its last four digits for display. */
export function sealBankAccount(
  cipher: BankCipher,
  accountNumber: string,
  context?: string,
): SealedBankAccount {
  return {
    account_encrypted: cipher.encrypt(accountNumber, context),
    account_last_four: lastFour(accountNumber),
  };
}

type KeyConfig = Pick<Config, 'bankEncryptionKey' | 'production' | 'dataDir'>;

/** The configured key, or (outside production) the one kept in the data folder, made on first use. */
export async function loadBankEncryptionKey(config: KeyConfig): Promise<Buffer> {
  if (config.bankEncryptionKey !== undefined) {
    const key = decodeBankEncryptionKey(config.bankEncryptionKey);
    if (!key) {
      throw new ConfigError(
        'BANK_ENCRYPTION_KEY',
        'must be 32 bytes written as 64 hex digits or as base64',
      );
    }
    return key;
  }
  if (config.production) {
    throw new ConfigError('BANK_ENCRYPTION_KEY', 'must be set in production');
  }
  const file = path.join(config.dataDir, BANK_KEY_FILE);
  const stored = (await readKeyFile(file)) ?? (await createKeyFile(config.dataDir, file));
  const key = decodeBankEncryptionKey(stored.trim());
  if (!key) throw new BankCryptoError(`The bank encryption key in ${file} is damaged.`);
  return key;
}

async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes a new key whole under a private name, then links it into place: a link never replaces a
 * file, so of two instances starting together one key wins, and nobody reads a half-written one.
 */
async function createKeyFile(dataDir: string, file: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return readFile(file, 'utf8');
}

const ciphers = new Map<string, Promise<BankCipher>>();

/** The bank cipher of a server (made once per key). */
export function bankCipherFor(deps: { config: KeyConfig }): Promise<BankCipher> {
  const { config } = deps;
  const source = config.bankEncryptionKey ?? `file:${path.join(config.dataDir, BANK_KEY_FILE)}`;
  let cipher = ciphers.get(source);
  if (!cipher) {
    cipher = loadBankEncryptionKey(config).then(createBankCipher);
    cipher.catch(() => ciphers.delete(source));
    ciphers.set(source, cipher);
  }
  return cipher;
}
