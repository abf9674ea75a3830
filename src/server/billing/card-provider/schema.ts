import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The stand-in card provider's own store (src/server/billing/card-provider). Only the provider's code
 * reads or writes these tables; the product reaches cards through the processor API. The full
 * card number is never stored: the brand, the last four digits and the expiry are.
 */
export const cardProviderCards = pgTable(
  'card_provider_cards',
  {
    /** The token handed to the page (`tok_…`). */
    token: text('token').primaryKey(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    /** The page the card was entered for. */
    parentOrigin: text('parent_origin').notNull(),
    /** What a charge on this card does: `approve`, or a decline code (sandbox test cards). */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('card_provider_cards_exp_month_ck', sql`${t.expMonth} between 1 and 12`)],
);

export const cardProviderCharges = pgTable(
  'card_provider_charges',
  {
    id: text('id').primaryKey(),
    token: text('token')
      .notNull()
      .references(() => cardProviderCards.token),
    /** Unique per merchant request: a repeat returns the first answer. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Hash of the request body, so a reused key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('card_provider_charges_token_idx').on(t.token),
    check('card_provider_charges_amount_ck', sql`${t.amountCents} > 0`),
  ],
);
