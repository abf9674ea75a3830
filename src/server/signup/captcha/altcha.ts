/**
 * Self-hosted proof of work with altcha-lib (v2): the server signs a PBKDF2 challenge, the `altcha`
 * widget in the page solves it, and its payload comes back as the token. A token is accepted once:
 * its challenge nonce is recorded until the challenge expires (in the database, so every
 * instance agrees).
 */
import { createHash } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, lt, sql } from 'drizzle-orm';
import type { CaptchaConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { captchaSpent } from '../../db/schema.ts';
import { storedSecret } from '../../db/stored-secret.ts';
import type { CaptchaCheck, CaptchaVerdict, CaptchaVerifier } from './types.ts';

const SECRET_KEY = 'captcha:altcha-secret';
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(token: string): AltchaPayload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (
      typeof payload === 'object' &&
      payload !== null &&
      'challenge' in payload &&
      'solution' in payload &&
      typeof (payload as AltchaPayload).challenge?.parameters?.nonce === 'string'
    ) {
      return payload as AltchaPayload;
    }
  } catch {
    // not base64 JSON
  }
  return undefined;
}

/** CAPTCHA_SECRET, or a secret generated once and kept in the database. */
function signingSecret(config: CaptchaConfig, db: Database): Promise<string> {
  if (config.secret) return Promise.resolve(config.secret);
  return storedSecret(db, SECRET_KEY);
}

/** The key-signature secret is derived from the signing secret, so one secret is enough. */
export function altchaKeySecret(secret: string): string {
  return createHash('sha256').update(`altcha-key:${secret}`).digest('hex');
}

/** Records a token as spent: refused when it already was. */
async function spendToken(db: Executor, id: string, expires: Date): Promise<CaptchaVerdict> {
  await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, sql`now()`));
  const spent = await db
    .insert(captchaSpent)
    .values({ id, expiresAt: expires })
    .onConflictDoNothing()
    .returning({ id: captchaSpent.id });
  return spent.length === 0 ? { ok: false, reason: 'token already used' } : { ok: true };
}

export function createAltchaVerifier(config: CaptchaConfig, db: Database): CaptchaVerifier {
  const verifier: CaptchaVerifier = {
    provider: 'altcha',
    async challenge() {
      const secret = await signingSecret(config, db);
      const max = config.altchaMaxCounter;
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: config.altchaCost,
        counter: randomInt(max, Math.max(1, Math.floor(max / 5))),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: altchaKeySecret(secret),
        expiresAt: new Date(Date.now() + config.challengeTtlSeconds * 1000),
      });
    },
    async check(token): Promise<CaptchaCheck> {
      const refused = (reason: string): CaptchaCheck => ({
        ok: false,
        reason,
        spend: () => Promise.resolve({ ok: false, reason }),
      });
      const payload = parsePayload(token);
      if (!payload) return refused('not an altcha payload');
      const secret = await signingSecret(config, db);
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: altchaKeySecret(secret),
        });
        if (result.expired) return refused('challenge expired');
        if (!result.verified) return refused('wrong solution or signature');
      } catch (error) {
        return refused(error instanceof Error ? error.message : 'invalid payload');
      }
      const { nonce, expiresAt } = payload.challenge.parameters;
      const id = createHash('sha256').update(nonce).digest('hex');
      const [spentBefore] = await db
        .select({ id: captchaSpent.id })
        .from(captchaSpent)
        .where(eq(captchaSpent.id, id));
      if (spentBefore) return refused('token already used');
      const expires = new Date(
        (expiresAt ?? Math.floor(Date.now() / 1000) + config.challengeTtlSeconds) * 1000,
      );
      return {
        ok: true,
        spend: (tx) => spendToken(tx, id, expires),
      };
    },
    async verify(token, context): Promise<CaptchaVerdict> {
      const checked = await verifier.check(token, context);
      return checked.ok ? checked.spend(db) : { ok: false, reason: checked.reason };
    },
  };
  return verifier;
}
