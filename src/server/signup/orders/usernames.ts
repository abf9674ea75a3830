/**
 * Username availability and suggestions (GET /self_signup/usernames). Suggestions are valid by
 * the username rules (src/shared/schemas/username.ts), not in use, and derived from the visitor's
 * name and the username they tried.
 */
import { randomInt } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { USERNAME_MAX_LENGTH } from '#shared/constants';
import { usernameError } from '#shared/schemas/username';
import { USERNAME_SUGGESTION_LIMIT } from '#shared/signup/order';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The users holding `username`: the condition behind "in use", here and in an order's claim. */
export function usernameHeld(username: string): SQL {
  return sql`${users.username} = ${username}`;
}

export async function usernameInUse(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(usernameHeld(username))
    .limit(1);
  return row !== undefined;
}

/** Lower-case letters and digits of a word ("O'Brien" → "obrien"). */
function slug(word: string): string {
  return word
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function fit(candidate: string): string {
  return candidate.slice(0, USERNAME_MAX_LENGTH).replace(/[-_]+$/, '');
}

/** Candidates in order of preference, before checking which are free. */
export function usernameCandidates(uid: string, name: string, extra: readonly number[]): string[] {
  const words = name.split(/\s+/).map(slug).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : '';
  const base = slug(uid.replace(/[-_]/g, ' ')) ? uid.toLowerCase() : '';
  const named: string[] = [];
  if (first && last) {
    named.push(
      `${first}${last}`,
      `${first}-${last}`,
      `${first}_${last}`,
      `${first[0]}${last}`,
      `${first}${last[0]}`,
      `${last}${first}`,
      `${last}-${first}`,
    );
  } else if (first) {
    named.push(first);
  }
  const stems = [base, ...named].filter(Boolean);
  const numbered = stems.flatMap((stem) => extra.map((n) => `${stem}${n}`));
  const seen = new Set<string>();
  const list: string[] = [];
  // Alternate between the name's forms and the tried username with a number.
  const ordered = Array.from({ length: Math.max(named.length, numbered.length) }, (_, i) => [
    named[i],
    numbered[i],
  ]).flat();
  for (const candidate of ordered.filter((c): c is string => c !== undefined).map(fit)) {
    if (candidate === uid || seen.has(candidate) || usernameError(candidate)) continue;
    seen.add(candidate);
    list.push(candidate);
  }
  return list;
}

/** Up to {@link USERNAME_SUGGESTION_LIMIT} free, valid usernames like `uid` and `name`. */
export async function suggestUsernames(
  db: Executor,
  uid: string,
  name: string,
  limit = USERNAME_SUGGESTION_LIMIT,
): Promise<string[]> {
  const year = new Date().getUTCFullYear();
  const found: string[] = [];
  for (let round = 0; round < 3 && found.length < limit; round += 1) {
    const numbers =
      round === 0
        ? [1, 2, 3, year % 100, year]
        : Array.from({ length: 6 }, () => randomInt(10, round === 1 ? 1_000 : 100_000));
    const candidates = usernameCandidates(uid, name, numbers).filter((c) => !found.includes(c));
    if (candidates.length === 0) continue;
    const taken = await db
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.username, candidates));
    const takenSet = new Set(taken.map((row) => row.username));
    for (const candidate of candidates) {
      if (found.length >= limit) break;
      if (!takenSet.has(candidate)) found.push(candidate);
    }
  }
  return found;
}
