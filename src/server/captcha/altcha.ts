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
import { lt, sql } from 'drizzle-orm';
import type { CaptchaConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { captchaSpent } from '../db/schema.ts';
import { storedSecret } from '../db/stored-secret.ts';
import type { CaptchaVerdict, CaptchaVerifier } from './types.ts';

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

export function createAltchaVerifier(config: CaptchaConfig, db: Database): CaptchaVerifier {
  return {
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
    async verify(token): Promise<CaptchaVerdict> {
      const payload = parsePayload(token);
      if (!payload) return { ok: false, reason: 'not an altcha payload' };
      const secret = await signingSecret(config, db);
      let verified: boolean;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: altchaKeySecret(secret),
        });
        if (result.expired) return { ok: false, reason: 'challenge expired' };
        verified = result.verified;
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : 'invalid payload' };
      }
      if (!verified) return { ok: false, reason: 'wrong solution or signature' };
      const { nonce, expiresAt } = payload.challenge.parameters;
      const id = createHash('sha256').update(nonce).digest('hex');
      const expires = new Date(
        (expiresAt ?? Math.floor(Date.now() / 1000) + config.challengeTtlSeconds) * 1000,
      );
      await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, sql`now()`));
      const spent = await db
        .insert(captchaSpent)
        .values({ id, expiresAt: expires })
        .onConflictDoNothing()
        .returning({ id: captchaSpent.id });
      if (spent.length === 0) return { ok: false, reason: 'token already used' };
      return { ok: true };
    },
  };
}
