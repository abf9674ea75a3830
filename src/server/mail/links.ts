/**
 * Where links in emails point. Never at a request's Host (or X-Forwarded-Host) header: anyone can
 * send a request with `Host: evil.example` and have a password link to their own site mailed to a
 * customer. Links use PUBLIC_URL (required in production), else the address the server listens
 * on, as configured (HOST, PORT).
 */
import type { Config } from '../config.ts';

/** Addresses that mean "every interface": a browser reaches them as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The origin of the address the server listens on; a wildcard address is reached as localhost. */
export function listenOrigin(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return new URL(`http://${name}:${port}`).origin;
}

/** The origin emailed links start with, e.g. `https://portal.example.com` or `http://localhost:3000`. */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return listenOrigin(config.host, config.port);
}
