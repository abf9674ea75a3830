/**
 * Exactly-once requests (docs/api.md "Signup order", "Idempotency"). The key row is the first
 * write of the request's transaction: a concurrent request with the same key blocks on the unique
 * key until the first transaction ends, then finds the stored answer. The answer is written in the
 * same transaction as everything the request creates, so either both exist or neither does (a
 * killed process leaves no key behind, and a retry runs afresh).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the canonical JSON of a request body. */
export function bodyFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export async function findStoredAnswer(
  db: Executor,
  scope: string,
  key: string,
): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return (
    row && {
      fingerprint: row.fingerprint,
      status: row.responseStatus,
      body: row.responseBody,
    }
  );
}

/**
 * Claims a key inside a transaction, asking `question` in the same statement (one round trip
 * instead of two): undefined when another transaction committed the key (after waiting for that
 * transaction, on PostgreSQL), else the question's answer, now that this transaction owns the key.
 */
export async function claimKey(
  tx: Executor,
  scope: string,
  key: string,
  fingerprint: string,
  question: SQL<boolean> = sql<boolean>`true`,
): Promise<{ answer: boolean } | undefined> {
  const claimed = tx
    .$with('claimed')
    .as(
      tx
        .insert(idempotencyKeys)
        .values({ scope, key, fingerprint, responseStatus: 0, responseBody: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key }),
    );
  const [row] = await tx
    .with(claimed)
    .select({ answer: sql<boolean>`${question}`.mapWith(Boolean) })
    .from(claimed);
  return row;
}

/** Records the answer of a claimed key (in the transaction that claimed it). */
export async function storeAnswer(
  tx: Executor,
  scope: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
