/**
 * Sessions and their defences: refresh-token families, password-reset links, rate-limit counters
 * and second factors. Secrets are never stored in the clear: SHA-256 digests of the random tokens,
 * keyed digests of recovery codes, and TOTP secrets sealed with a key kept outside the database
 * (src/server/session/mfa-crypto.ts).
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, users } from '../db/schema/customers.ts';

/**
 * One login: every refresh token that descends from it by rotation. Re-using a rotated token
 * revokes the whole family, and so does logging out. A proxy family (a site admin acting as a
 * customer) remembers the admin and the admin's own family, which is restored when it ends.
 */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    id: text('id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    proxyAdminUid: integer('proxy_admin_uid').references(() => users.uid, {
      onDelete: 'cascade',
    }),
    parentFamilyId: text('parent_family_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, reuse, password_changed, proxy_end, … */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('refresh_families_uid_idx').on(t.uid)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    familyId: text('family_id')
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was rotated (or superseded): presenting it again is re-use. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use links to set a new password (valid one hour). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_uid_idx').on(t.uid)],
);

/** Fixed-window counters shared by every server instance (key such as `login:user:demo`). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * A login's TOTP second factor (docs/session.md "Second factor"): the secret sealed with
 * AES-256-GCM, pending until a first code confirms it (`confirmed_at`). `last_step` is the RFC 6238
 * time step of the last code accepted: a code of that step or an earlier one is refused, so a code
 * is never accepted twice (the step is moved forward by one conditional UPDATE).
 */
export const secondFactors = pgTable('second_factors', {
  uid: integer('uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  totpSecretSealed: text('totp_secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a second factor: keyed digests only, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_uid_hash_idx').on(t.uid, t.codeHash)],
);

/** A customer's login rules, set by its primary admin: a second factor for every login. */
export const customerAuthSettings = pgTable('customer_auth_settings', {
  cid: integer('cid')
    .primaryKey()
    .references(() => customers.cid, { onDelete: 'cascade' }),
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
