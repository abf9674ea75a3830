/**
 * Second-factor secrets at rest (docs/session.md "Second factor"). TOTP secrets are sealed with
 * AES-256-GCM like the bank account numbers (a random 96-bit nonce per value, the tag beside the
 * ciphertext, the login's id bound in as associated data so that a value copied to another row
 * does not open there); recovery codes are kept as HMAC-SHA-256 digests. Both keys are derived
 * with HKDF-SHA-256 from the key held outside the database, BANK_ENCRYPTION_KEY (or, outside
 * production, the key file in DATA_DIR: src/server/billing/processors/bank-crypto.ts), each under its own
 * label: a copy of the database alone opens no secret and lets nobody test recovery codes
 * offline. Changing that key makes the second factors unreadable: docs/session.md says how to
 * change it.
 *
 * Stored form of a secret: `t1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.ts';
import { BANK_KEY_FILE, loadBankEncryptionKey } from '../billing/processors/bank-crypto.ts';

const VERSION = 't1';
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SecondFactorKeys {
  /** Seals a TOTP secret for the login `uid`. */
  seal(secret: string, uid: number): string;
  /** Opens a sealed secret of the login `uid`; throws on another key, another row or damage. */
  open(sealed: string, uid: number): string;
  /** The stored digest of a recovery code (normalised: upper case, no hyphen) of the login `uid`. */
  codeDigest(code: string, uid: number): string;
}

function derive(master: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}

export function createSecondFactorKeys(master: Buffer): SecondFactorKeys {
  const sealKey = derive(master, 'second-factor:totp-secret:v1');
  const codeKey = derive(master, 'second-factor:recovery-code:v1');
  const keyId = createHash('sha256').update(sealKey).digest('hex').slice(0, 8);
  const aad = (uid: number) => Buffer.from(`totp-secret:${uid}`, 'utf8');
  return {
    seal(secret, uid) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, sealKey, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(uid));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        VERSION,
        keyId,
        ...[nonce, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')),
      ].join('.');
    },
    open(sealed, uid) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new Error('Not a sealed TOTP secret.');
      if (parts[1] !== keyId) throw new Error(`TOTP secret sealed with another key (${parts[1]}).`);
      const [nonce, tag, ciphertext] = parts.slice(2).map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv(ALGORITHM, sealKey, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(uid));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    codeDigest(code, uid) {
      return createHmac('sha256', codeKey).update(`${uid}:${code}`).digest('hex');
    },
  };
}

type KeyConfig = Pick<Config, 'bankEncryptionKey' | 'production' | 'dataDir'>;

const made = new Map<string, Promise<SecondFactorKeys>>();

/** The second-factor keys of a server (derived once per master key). */
export function secondFactorKeysFor(deps: { config: KeyConfig }): Promise<SecondFactorKeys> {
  const { config } = deps;
  const source = config.bankEncryptionKey ?? `file:${path.join(config.dataDir, BANK_KEY_FILE)}`;
  let keys = made.get(source);
  if (!keys) {
    keys = loadBankEncryptionKey(config).then(createSecondFactorKeys);
    keys.catch(() => made.delete(source));
    made.set(source, keys);
  }
  return keys;
}
