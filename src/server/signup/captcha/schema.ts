/** Captcha tokens already accepted: each proof of work counts once, until its challenge expires. */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const captchaSpent = pgTable(
  'captcha_spent',
  {
    /** A digest of the token's challenge. */
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);
