import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { appMeta } from './schema.ts';

const read = new WeakMap<Executor, Map<string, Promise<string>>>();

async function loadSecret(db: Executor, key: string): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key, value: { secret: randomBytes(48).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return (row.value as { secret: string }).secret;
}

/**
 * A random secret generated once and kept in `app_meta` under `key`, so that every instance on
 * one database agrees (the first to write it wins). Read once per database; a failed read is
 * tried again on the next call. Inside a transaction, read it through the transaction (`db` is
 * then the transaction): on the embedded database's one connection, a read beside an open
 * transaction would wait for it to end.
 */
export function storedSecret(db: Executor, key: string): Promise<string> {
  const secrets = read.get(db) ?? new Map<string, Promise<string>>();
  read.set(db, secrets);
  let secret = secrets.get(key);
  if (!secret) {
    secret = loadSecret(db, key);
    secret.catch(() => secrets.delete(key));
    secrets.set(key, secret);
  }
  return secret;
}
