/**
 * The access token's end, without waiting for it. The e2e server signs access tokens with a key
 * the tests know (TOKEN_SECRET below, given to it by serve.ts), so a test can make the token the
 * browser holds run out at once: the same claims, signed again with an expiry a second ago. The
 * server then answers it as it answers a token that outlived its life ("Access token expired"),
 * and the app renews it as it would. No test waits for the real clock to pass the token's life.
 */
import type { BrowserContext, Cookie } from '@playwright/test';
import { sign } from 'hono/jwt';

/** The e2e server's signing key for access tokens (32 characters or more, as config requires). */
export const E2E_TOKEN_SECRET = 'e2e-only-access-token-signing-key-0123456789';

const ACCESS_COOKIE = 'access_token';

async function expired(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { ...payload, iat: Math.min(payload.iat, now - 2), exp: now - 1 },
    E2E_TOKEN_SECRET,
    'HS256',
  );
}

/**
 * The browser's access token runs out now; its value afterwards (undefined when the browser holds
 * none).
 */
export async function expireAccessToken(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c: Cookie) => c.name === ACCESS_COOKIE);
  if (!cookie) return undefined;
  const value = await expired(cookie.value);
  await context.addCookies([{ ...cookie, value }]);
  return value;
}
