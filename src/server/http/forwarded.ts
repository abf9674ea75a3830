/**
 * What a reverse proxy tells about a request (X-Forwarded-For, -Proto, -Host). Each proxy on the
 * way appends its entry, so only the last entry is the one our own proxy added; anything before it
 * came from the client or a proxy we do not know and may be made up. These headers count only
 * behind a trusted proxy (TRUST_PROXY): anyone can send them to a server that has none.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** The last entry of a comma-separated forwarding header: the one the nearest proxy added. */
export function lastHop(c: Context<AppEnv>, header: string): string | undefined {
  const value = c.req.header(header);
  if (!value) return undefined;
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1);
}

/** The entry our trusted proxy added to `header`, or nothing without TRUST_PROXY. */
export function trustedForwarded(c: Context<AppEnv>, header: string): string | undefined {
  return c.var.deps.config.trustProxy ? lastHop(c, header) : undefined;
}

/**
 * The origin this request came to: its own scheme and host, or behind a trusted proxy the scheme
 * and host the proxy added (the last X-Forwarded-Proto and X-Forwarded-Host entries).
 */
export function requestOwnOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const proto = trustedForwarded(c, 'x-forwarded-proto')?.toLowerCase();
  const host = trustedForwarded(c, 'x-forwarded-host');
  if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
  if (host) url.host = host;
  return url.origin;
}
