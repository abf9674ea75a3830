/**
 * The address a request came from, for rate limits and the audit log. It is the connecting
 * socket's address; behind a reverse proxy (TRUST_PROXY) it is the last X-Forwarded-For entry, the
 * one the proxy itself added. In-process requests (tests) have no socket: they may name an address
 * in X-Forwarded-For, else they count as `unknown`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { lastHop, trustedForwarded } from '../http/forwarded.ts';

export function clientAddress(c: Context<AppEnv>): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  const socketAddress = env?.incoming?.socket?.remoteAddress;
  if (socketAddress) {
    return trustedForwarded(c, 'x-forwarded-for') ?? socketAddress;
  }
  return lastHop(c, 'x-forwarded-for') ?? 'unknown';
}
