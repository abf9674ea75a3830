/**
 * Rate limits kept in the database, so that every server instance counts the same attempts.
 * Each key (for example `login:user:demo`) has a fixed window: the first hit opens it, later hits
 * count up, and once it ends the next hit opens a new one. Every limited action goes through
 * {@link consume}, which counts first and checks the count it got back, never the other way round:
 * a check followed by a separate count would let a burst of attempts all pass the check.
 */
import { and, eq, like, lt, sql } from 'drizzle-orm';
import { RATE_LIMITS } from '#shared/constants';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { USERNAME_MESSAGES } from '#shared/messages/account';
import { UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import { COSTLY_LIMIT_MESSAGES } from '#shared/messages/portal';
import type { Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

const COSTLY = COSTLY_LIMIT_MESSAGES;

export interface Limit {
  /** Prefix of the counter's key. */
  name: string;
  /** Hits allowed per window; the next one is refused. */
  max: number;
  windowSeconds: number;
  message: string;
}

export const LIMITS = {
  /** Failed logins for one username, from anywhere. */
  loginPerUsername: {
    name: 'login:user',
    ...RATE_LIMITS.loginPerUsername,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /** Failed logins from one client address, for any usernames. */
  loginPerAddress: {
    name: 'login:addr',
    ...RATE_LIMITS.loginPerAddress,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /** Wrong passwords when a logged-in user re-authenticates or changes the password. */
  reauthPerUser: {
    name: 'reauth:user',
    ...RATE_LIMITS.reauthPerUser,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /**
   * Second-factor codes checked for one login (uid), wrong or right, at login, re-authentication
   * and the factor's changes; a right code gives its unit back, so only wrong ones count.
   */
  secondFactorPerUser: {
    name: 'second-factor:user',
    ...RATE_LIMITS.secondFactorPerUser,
    message: SECOND_FACTOR_MESSAGES.tooManyCodes,
  },
  /** Username and password recovery requests and reset-link uses from one client address. */
  recoveryPerAddress: {
    name: 'recovery:addr',
    ...RATE_LIMITS.recoveryPerAddress,
    message: SESSION_MESSAGES.tooManyRecoveries,
  },
  /** Recovery emails for one email address or username. */
  recoveryPerTarget: {
    name: 'recovery:target',
    ...RATE_LIMITS.recoveryPerTarget,
    message: SESSION_MESSAGES.tooManyRecoveries,
  },
  /**
   * Signup orders (POST /self_signup) from one client address, placed or refused alike: counted
   * before the captcha, so that no anonymous caller gets more expensive checks than this.
   */
  ordersPerAddress: {
    name: 'order:addr',
    ...RATE_LIMITS.ordersPerAddress,
    message: ORDER_MESSAGES.tooManyOrders,
  },
  /**
   * Username look-ups (GET /self_signup/usernames) from one client address. The page asks once
   * typing pauses for TIMERS.usernameCheckDebounceMs, so a person typing without a break for the
   * whole window stays under it; a script asking back to back does not.
   */
  usernameChecksPerAddress: {
    name: 'usernames:addr',
    ...RATE_LIMITS.usernameChecksPerAddress,
    message: USERNAME_MESSAGES.tooManyChecks,
  },
  /** Unsubscribe links used (POST /unsubscribe) from one client address. */
  unsubscribesPerAddress: {
    name: 'unsubscribe:addr',
    ...RATE_LIMITS.unsubscribesPerAddress,
    message: UNSUBSCRIBE_MESSAGES.tooMany,
  },
  /** Browser error reports (POST /client_errors) from one client address: more is a 429. */
  clientErrorsPerAddress: {
    name: 'client-errors:addr',
    ...RATE_LIMITS.clientErrorsPerAddress,
    message: SESSION_MESSAGES.tooManyClientErrors,
  },
  /**
   * The sample of those reports that reaches the log: the first ones of each window per address;
   * later ones in the window are answered alike (204) but not logged.
   */
  clientErrorLogPerAddress: {
    name: 'client-errors-log:addr',
    ...RATE_LIMITS.clientErrorLogPerAddress,
    message: SESSION_MESSAGES.tooManyClientErrors,
  },
  // The costly calls of logged-in users, each per user (uid) and per customer (cid); the access
  // middleware counts them for the endpoints ENDPOINT_LIMITS (endpoints.ts) names.
  /** Invoice and receipt PDFs rendered. */
  pdfsPerUser: { name: 'pdf:user', ...RATE_LIMITS.pdfsPerUser, message: COSTLY.pdfs },
  pdfsPerCustomer: { name: 'pdf:cid', ...RATE_LIMITS.pdfsPerCustomer, message: COSTLY.pdfs },
  /** DNS zone files exported. */
  zoneExportsPerUser: {
    name: 'zone-export:user',
    ...RATE_LIMITS.zoneExportsPerUser,
    message: COSTLY.zoneExports,
  },
  zoneExportsPerCustomer: {
    name: 'zone-export:cid',
    ...RATE_LIMITS.zoneExportsPerCustomer,
    message: COSTLY.zoneExports,
  },
  /** DNS zone files imported, previews included (each parses the whole file). */
  zoneImportsPerUser: {
    name: 'zone-import:user',
    ...RATE_LIMITS.zoneImportsPerUser,
    message: COSTLY.zoneImports,
  },
  zoneImportsPerCustomer: {
    name: 'zone-import:cid',
    ...RATE_LIMITS.zoneImportsPerCustomer,
    message: COSTLY.zoneImports,
  },
  /** Managed hosting changes: each one has the host agent render and `nginx -t` the server. */
  hostingChangesPerUser: {
    name: 'hosting-change:user',
    ...RATE_LIMITS.hostingChangesPerUser,
    message: COSTLY.hostingChanges,
  },
  hostingChangesPerCustomer: {
    name: 'hosting-change:cid',
    ...RATE_LIMITS.hostingChangesPerCustomer,
    message: COSTLY.hostingChanges,
  },
} as const satisfies Record<string, Limit>;

/** A costly call's two counters: the calling user's and its customer's. */
export interface CostlyLimit {
  perUser: Limit;
  perCustomer: Limit;
}

/** The kinds of costly call, each with its two limits (docs/api.md "Rate limits"). */
export const COSTLY_LIMITS = {
  pdf: { perUser: LIMITS.pdfsPerUser, perCustomer: LIMITS.pdfsPerCustomer },
  zoneExport: { perUser: LIMITS.zoneExportsPerUser, perCustomer: LIMITS.zoneExportsPerCustomer },
  zoneImport: { perUser: LIMITS.zoneImportsPerUser, perCustomer: LIMITS.zoneImportsPerCustomer },
  hostingChange: {
    perUser: LIMITS.hostingChangesPerUser,
    perCustomer: LIMITS.hostingChangesPerCustomer,
  },
} as const satisfies Record<string, CostlyLimit>;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** One unit taken from a counter: which counter, and in which of its windows. */
interface Taken {
  key: string;
  windowStartedAt: Date;
}

/** What {@link consume} took; give it back with {@link giveBack} when the attempt succeeded. */
export interface Consumed {
  readonly taken: readonly Taken[];
}

/**
 * Counts one hit in a single statement (an UPSERT that returns the new count), so that concurrent
 * hits on any number of instances each see their own count: of N hits at once, exactly one sees
 * 1, one sees 2, and so on.
 */
async function hit(db: Executor, limit: Limit, subject: string, now: Date) {
  const key = keyOf(limit, subject);
  const nowIso = now.toISOString();
  const ends = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  const expired = sql`${rateLimits.windowEndsAt} <= ${nowIso}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, windowEndsAt: new Date(ends), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${nowIso}::timestamptz else ${rateLimits.windowStartedAt} end`,
        windowEndsAt: sql`case when ${expired} then ${ends}::timestamptz else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      windowStartedAt: rateLimits.windowStartedAt,
      windowEndsAt: rateLimits.windowEndsAt,
    });
  // Old counters are removed now and then, by whichever instance happens to be counting: those of
  // this limit only, as their windows are measured on the same clock as `now`.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(and(like(rateLimits.key, `${limit.name}:%`), lt(rateLimits.windowEndsAt, now)));
  }
  return { key, ...row };
}

/**
 * The one way into a limited action: takes one unit from each counter, then refuses with 429 (and
 * Retry-After) when any of them went over its limit. It runs before the work it guards (a password
 * check, an email), so that however many attempts arrive at once, at most `max` of them get
 * through per window. A refused attempt gives its units back: it did nothing, so it counts
 * nothing. An attempt that turns out well (the right password) may give its units back too.
 * Windows run on the real time unless `now` says otherwise (the costly calls' limits run on the
 * app's clock, `deps.clock`, which is the real time outside tests).
 */
export async function consume(
  db: Executor,
  checks: readonly [Limit, string][],
  now: Date = new Date(),
): Promise<Consumed> {
  const taken: Taken[] = [];
  let wait = 0;
  let message = '';
  for (const [limit, subject] of checks) {
    const row = await hit(db, limit, subject, now);
    taken.push({ key: row.key, windowStartedAt: row.windowStartedAt });
    if (row.count > limit.max && secondsUntil(row.windowEndsAt, now) > wait) {
      wait = secondsUntil(row.windowEndsAt, now);
      message = limit.message;
    }
  }
  if (wait > 0) {
    await giveBack(db, { taken });
    throw tooManyRequests(wait, message);
  }
  return { taken };
}

/**
 * Gives back the units {@link consume} took, each to the window it was taken from (a window that
 * has ended since is left alone), never below 0.
 */
export async function giveBack(db: Executor, consumed: Consumed) {
  for (const { key, windowStartedAt } of consumed.taken) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStartedAt, windowStartedAt)));
  }
}

/** Forgets a counter altogether (a password set from an emailed link ends the login limit). */
export async function clearLimit(db: Executor, limit: Limit, subject: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}
