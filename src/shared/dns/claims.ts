/**
 * Who may hold a zone or alias name (docs/dns.md "Who holds a name"; portal.md §3, §7 "DNS"). A
 * name server answers a name from the most specific zone it has, so a tree of names is one
 * account's: a name is refused when it is a public suffix (the Public Suffix List, ICANN and
 * private sections, through tldts: `co.uk`, `github.io`), when it is at, above or under one of
 * the provider's names, and when it is at, above or under another account's zone or alias. Names
 * are as `checkZoneName` gives them (ASCII, lowercase, no final dot). The server applies it when
 * it creates a zone or an alias; the page shows the server's answer.
 */
import { getDomain, getPublicSuffix } from 'tldts';
import { DNS_MESSAGES as M } from './messages.ts';

/** Both sections of the list: a customer may hold `example.co.uk`, never `co.uk` or `github.io`. */
const PSL = { allowPrivateDomains: true } as const;

/** True when `name` is itself a public suffix, a name under which anyone can register. */
export function isPublicSuffix(name: string): boolean {
  return getPublicSuffix(name, PSL) === name;
}

/** The registered domain a name is at or under (`ns1.ridgeline.example` → `ridgeline.example`). */
export function registrableDomain(name: string): string | null {
  return getDomain(name, PSL);
}

/** `name` is `other` or a name under it. */
export function isAtOrUnder(name: string, other: string): boolean {
  return name === other || name.endsWith(`.${other}`);
}

/** One name is at, above or under the other. */
export function namesOverlap(a: string, b: string): boolean {
  return isAtOrUnder(a, b) || isAtOrUnder(b, a);
}

/** The names above `name` that could be a zone (two labels or more), nearest first. */
export function namesAbove(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join('.'));
}

/** A zone or alias that has a name, and whether it is the claiming account's. */
export interface NameHolder {
  name: string;
  mine: boolean;
}

/**
 * Why `name` cannot be claimed, as the message shown on its field, or null when it can:
 * `reserved` are the provider's names, `holders` the zones and aliases at, above or under it.
 * An account may nest its own zones (`shop.example.com` beside `example.com`), not hold one
 * name twice.
 */
export function nameClaimError(
  name: string,
  reserved: readonly string[],
  holders: readonly NameHolder[],
): string | null {
  if (isPublicSuffix(name)) return M.zoneNamePublicSuffix;
  if (reserved.some((other) => namesOverlap(name, other))) return M.zoneNameReserved;
  const near = holders.filter((holder) => namesOverlap(name, holder.name));
  if (near.some((holder) => !holder.mine)) return M.zoneNameOtherAccount;
  if (near.some((holder) => holder.name === name)) return M.zoneNameTaken;
  return null;
}
