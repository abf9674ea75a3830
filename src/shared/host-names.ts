/**
 * Host names (RFC 1035, RFC 1123): the one rule behind a zone's and an alias's name (dns.ts), a
 * managed server's domains and redirects (managed.ts), a virtual server's name (one label) and the
 * configured name servers (server/dns/config.ts).
 */
import { DNS } from './dns/constants.ts';

/** Letters, digits and dashes, no dash at either end (lowercase: callers lowercase first). */
export const LDH_LABEL = /^(?!-)[a-z0-9-]+(?<!-)$/;

/** One label of a host name: 1 to 63 lowercase letters, digits and dashes, no dash at either end. */
export function isHostLabel(value: string): boolean {
  return value.length <= DNS.labelMaxLength && LDH_LABEL.test(value);
}

/**
 * A host name as written, without a final dot: dot-separated labels ({@link isHostLabel}), at
 * least two, 253 characters in all, and a top-level label that is not all digits (not an address).
 */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > DNS.nameMaxLength) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (/^\d+$/.test(labels[labels.length - 1])) return false;
  return labels.every(isHostLabel);
}

/** How a typed host name is read: blanks around it removed, lowercased. */
export function normaliseHostName(value: string): string {
  return value.trim().toLowerCase();
}
