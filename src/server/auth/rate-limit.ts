/**
 * Rate limits kept in the database, so that every server instance counts the same attempts.
 * Each key (for example `login:user:demo`) has a fixed window: the first hit opens it, later hits
 * count up, and once it ends the next hit opens a new one.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { TIMERS } from '#shared/constants';
import { ORDER_MESSAGES, SESSION_MESSAGES, USERNAME_MESSAGES } from '#shared/messages';
import type { Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

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
    max: 5,
    windowSeconds: 15 * 60,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /** Failed logins from one client address, for any usernames. */
  loginPerAddress: {
    name: 'login:addr',
    max: 20,
    windowSeconds: 15 * 60,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /** Wrong passwords when a logged-in user re-authenticates or changes the password. */
  reauthPerUser: {
    name: 'reauth:user',
    max: 5,
    windowSeconds: 15 * 60,
    message: SESSION_MESSAGES.tooManyLogins,
  },
  /** Username and password recovery requests and reset-link uses from one client address. */
  recoveryPerAddress: {
    name: 'recovery:addr',
    max: 10,
    windowSeconds: 60 * 60,
    message: SESSION_MESSAGES.tooManyRecoveries,
  },
  /** Recovery emails for one email address or username. */
  recoveryPerTarget: {
    name: 'recovery:target',
    max: 3,
    windowSeconds: 60 * 60,
    message: SESSION_MESSAGES.tooManyRecoveries,
  },
  /**
   * Signup orders (POST /self_signup) from one client address, placed or refused alike: counted
   * before the captcha, so that no anonymous caller gets more expensive checks than this.
   */
  ordersPerAddress: {
    name: 'order:addr',
    max: 20,
    windowSeconds: 60 * 60,
    message: ORDER_MESSAGES.tooManyOrders,
  },
  /**
   * Username look-ups (GET /self_signup/usernames) from one client address. The page asks once
   * typing pauses for TIMERS.usernameCheckDebounceMs, so a person typing without a break for the
   * whole window stays under it; a script asking back to back does not.
   */
  usernameChecksPerAddress: {
    name: 'usernames:addr',
    max: Math.ceil(60_000 / TIMERS.usernameCheckDebounceMs),
    windowSeconds: 60,
    message: USERNAME_MESSAGES.tooManyChecks,
  },
  /** Browser error reports (POST /client_errors) from one client address: more is a 429. */
  clientErrorsPerAddress: {
    name: 'client-errors:addr',
    max: 30,
    windowSeconds: 10 * 60,
    message: SESSION_MESSAGES.tooManyClientErrors,
  },
  /**
   * The sample of those reports that reaches the log: the first ones of each window per address;
   * later ones in the window are answered alike (204) but not logged.
   */
  clientErrorLogPerAddress: {
    name: 'client-errors-log:addr',
    max: 5,
    windowSeconds: 10 * 60,
    message: SESSION_MESSAGES.tooManyClientErrors,
  },
} as const satisfies Record<string, Limit>;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** Counts one hit; returns the count in the current window and when the window ends. */
export async function hit(db: Executor, limit: Limit, subject: string, now = new Date()) {
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
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  // Old counters are removed now and then, by whichever instance happens to be counting.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now));
  }
  return row;
}

/** Seconds until the subject may try again, or 0 when it is not limited. */
export async function blockedFor(
  db: Executor,
  limit: Limit,
  subject: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(limit, subject)));
  if (!row || row.windowEndsAt <= now || row.count < limit.max) return 0;
  return secondsUntil(row.windowEndsAt, now);
}

/** Refuses with 429 (and Retry-After) while any of the limits is reached; counts nothing. */
export async function refuseIfBlocked(db: Executor, checks: readonly [Limit, string][]) {
  for (const [limit, subject] of checks) {
    const wait = await blockedFor(db, limit, subject);
    if (wait > 0) throw tooManyRequests(wait, limit.message);
  }
}

/** Counts a hit for each limit; refuses with 429 when this hit goes over one of them. */
export async function consume(db: Executor, checks: readonly [Limit, string][]) {
  const now = new Date();
  let wait = 0;
  let message = '';
  for (const [limit, subject] of checks) {
    const row = await hit(db, limit, subject, now);
    if (row.count > limit.max && secondsUntil(row.windowEndsAt, now) > wait) {
      wait = secondsUntil(row.windowEndsAt, now);
      message = limit.message;
    }
  }
  if (wait > 0) throw tooManyRequests(wait, message);
}

export async function clearLimit(db: Executor, limit: Limit, subject: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}
