/**
 * Passkeys (WebAuthn) of a login, a second factor beside the authenticator app (docs/session.md
 * "Passkeys"), and the challenges the server handed out for them.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/customers.ts';

/**
 * A login's passkey: the credential's id and COSE public key (base64url), the signature counter
 * last seen (moved forward by one conditional UPDATE), the transports the browser reported, and
 * the name the person gave it. A credential id is unique across every login: one login's passkey
 * can never be found for another.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_uid_idx').on(t.uid)],
);

/**
 * A WebAuthn challenge the server handed out: used once (deleted by the request that uses it),
 * refused after `expires_at`. `purpose` is `register` or `authenticate`; either is bound to the
 * login `uid` it was made for.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    uid: integer('uid').references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
