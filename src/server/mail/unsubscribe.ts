/**
 * Unsubscribe links (issue 13 "/unsubscribe/"; docs/people.md "Optional emails"): every optional
 * email (OPTIONAL_EMAIL_KINDS: notices, reminders) carries a link that turns that one kind off for
 * that one user without a login. The link's token is `kind.uid.expiry.signature`: an HMAC-SHA256
 * with the product's token secret (`signingKey`) over a purpose prefix and the three fields, so a
 * token of one kind, user or expiry cannot be turned into another, and one signed for another
 * purpose never passes. Expiry keeps real time, as every security timer does. Bills and security
 * emails never carry one and are never held back.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { WEB_BASE_PATH } from '#shared/constants';
import {
  OPTIONAL_EMAIL_KINDS,
  UNSUBSCRIBE_LINK_VALID_DAYS,
  type OptionalEmailKind,
} from '#shared/people/constants';
import type { EmailPreferences } from '#shared/people/email';
import { signingKey } from '../session/tokens.ts';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { emailOptOuts } from '../db/schema.ts';
import { linkOrigin } from './links.ts';

const PURPOSE = 'unsubscribe';

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(`${PURPOSE}:${payload}`).digest('base64url');
}

/** The token of an unsubscribe link, valid UNSUBSCRIBE_LINK_VALID_DAYS from `now` (real time). */
export async function unsubscribeToken(
  deps: Pick<AppDeps, 'config' | 'database'>,
  link: { kind: OptionalEmailKind; uid: number },
  now: number = Date.now(),
  within?: Executor,
): Promise<string> {
  const expires = Math.floor(now / 1000) + UNSUBSCRIBE_LINK_VALID_DAYS * 24 * 60 * 60;
  const payload = `${link.kind}.${link.uid}.${expires}`;
  return `${payload}.${signature(await signingKey(deps as AppDeps, within), payload)}`;
}

/** The whole link, to the web app's /unsubscribe/ page; `within` an open transaction, if any. */
export async function unsubscribeLink(
  deps: Pick<AppDeps, 'config' | 'database'>,
  link: { kind: OptionalEmailKind; uid: number },
  within?: Executor,
): Promise<string> {
  const token = await unsubscribeToken(deps, link, Date.now(), within);
  return `${linkOrigin(deps.config)}${WEB_BASE_PATH}/unsubscribe/?token=${encodeURIComponent(token)}`;
}

/** What a token says, when its signature holds and it has not expired; null otherwise. */
export async function readUnsubscribeToken(
  deps: Pick<AppDeps, 'config' | 'database'>,
  token: string,
  now: number = Date.now(),
): Promise<{ kind: OptionalEmailKind; uid: number } | null> {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [kind, uid, expires, given] = parts;
  if (!(OPTIONAL_EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[1-9]\d{0,9}$/.test(uid) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(
    signature(await signingKey(deps as AppDeps), `${kind}.${uid}.${expires}`),
  );
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return { kind: kind as OptionalEmailKind, uid: Number(uid) };
}

/** The users among `uids` who turned `kind` off. */
export async function optedOut(
  db: Executor,
  uids: readonly number[],
  kind: OptionalEmailKind,
): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ uid: emailOptOuts.uid })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.kind, kind), inArray(emailOptOuts.uid, [...uids])));
  return new Set(rows.map((r) => r.uid));
}

export async function preferencesOf(db: Executor, uid: number): Promise<EmailPreferences> {
  const rows = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.uid, uid));
  const off = new Set(rows.map((r) => r.kind));
  return Object.fromEntries(
    OPTIONAL_EMAIL_KINDS.map((kind) => [kind, !off.has(kind)]),
  ) as EmailPreferences;
}

/** Turns one kind of optional email on or off for the user. */
export async function setPreference(
  db: Executor,
  uid: number,
  kind: OptionalEmailKind,
  on: boolean,
): Promise<void> {
  if (on)
    await db
      .delete(emailOptOuts)
      .where(and(eq(emailOptOuts.uid, uid), eq(emailOptOuts.kind, kind)));
  else await db.insert(emailOptOuts).values({ uid, kind }).onConflictDoNothing();
}
