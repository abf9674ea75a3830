/**
 * The card provider's store: cards (by token) and charges (by idempotency key), in its own
 * tables. Charges are idempotent: a repeated key with the same request returns the first charge;
 * with another request it is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cardProviderCards, cardProviderCharges } from '../../db/schema.ts';
import type { CheckedCard } from './card-rules.ts';

/** Sandbox test cards that are declined when charged, with the decline code. */
export const SANDBOX_DECLINING_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

export interface StoredCard {
  token: string;
  fname: string;
  lname: string;
  exp_month: number;
  exp_year: number;
  last_four: string;
  brand: string;
  parent_origin: string;
  created_at: string;
}

export type ChargeStatus = 'succeeded' | 'declined';

export interface StoredCharge {
  charge_id: string;
  token: string;
  amount_cents: number;
  currency: string;
  description: string;
  status: ChargeStatus;
  decline_code: string | null;
  created_at: string;
}

export interface ChargeRequest {
  token: string;
  amount_cents: number;
  currency: string;
  description: string;
  idempotency_key: string;
}

export type ChargeOutcome =
  | { kind: 'charged'; charge: StoredCharge; repeated: boolean }
  | { kind: 'unknown_token' }
  | { kind: 'key_reused' };

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function requestHash(request: ChargeRequest): string {
  const { token, amount_cents, currency, description } = request;
  return createHash('sha256')
    .update(JSON.stringify([token, amount_cents, currency, description]))
    .digest('hex');
}

function cardRow(row: typeof cardProviderCards.$inferSelect): StoredCard {
  return {
    token: row.token,
    fname: row.fname,
    lname: row.lname,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    last_four: row.lastFour,
    brand: row.brand,
    parent_origin: row.parentOrigin,
    created_at: row.createdAt.toISOString(),
  };
}

function chargeRow(row: typeof cardProviderCharges.$inferSelect): StoredCharge {
  return {
    charge_id: row.id,
    token: row.token,
    amount_cents: row.amountCents,
    currency: row.currency,
    description: row.description,
    status: row.status as ChargeStatus,
    decline_code: row.declineCode,
    created_at: row.createdAt.toISOString(),
  };
}

export function createCardStore(db: Database) {
  return {
    /** Keeps a checked card and returns its new token. The full number is not kept. */
    async saveCard(card: CheckedCard, parentOrigin: string): Promise<StoredCard> {
      const [row] = await db
        .insert(cardProviderCards)
        .values({
          token: newId('tok'),
          brand: card.brand,
          lastFour: card.last_four,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          fname: card.fname,
          lname: card.lname,
          parentOrigin,
          outcome: SANDBOX_DECLINING_CARDS[card.number] ?? 'approve',
        })
        .returning();
      return cardRow(row);
    },

    async findCard(token: string): Promise<StoredCard | undefined> {
      const [row] = await db
        .select()
        .from(cardProviderCards)
        .where(eq(cardProviderCards.token, token));
      return row ? cardRow(row) : undefined;
    },

    /** Charges a card once per idempotency key. `now` decides whether the card has expired. */
    async charge(request: ChargeRequest, now: Date = new Date()): Promise<ChargeOutcome> {
      const hash = requestHash(request);
      const existing = async () => {
        const [row] = await db
          .select()
          .from(cardProviderCharges)
          .where(eq(cardProviderCharges.idempotencyKey, request.idempotency_key));
        return row;
      };
      const first = await existing();
      if (first) {
        return first.requestHash === hash
          ? { kind: 'charged', charge: chargeRow(first), repeated: true }
          : { kind: 'key_reused' };
      }
      const [card] = await db
        .select()
        .from(cardProviderCards)
        .where(eq(cardProviderCards.token, request.token));
      if (!card) return { kind: 'unknown_token' };
      const expired =
        card.expYear < now.getUTCFullYear() ||
        (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      const declineCode = expired
        ? 'expired_card'
        : card.outcome === 'approve'
          ? null
          : card.outcome;
      const inserted = await db
        .insert(cardProviderCharges)
        .values({
          id: newId('ch'),
          token: request.token,
          idempotencyKey: request.idempotency_key,
          requestHash: hash,
          amountCents: request.amount_cents,
          currency: request.currency,
          description: request.description,
          status: declineCode ? 'declined' : 'succeeded',
          declineCode,
        })
        .onConflictDoNothing({ target: cardProviderCharges.idempotencyKey })
        .returning();
      if (inserted[0]) return { kind: 'charged', charge: chargeRow(inserted[0]), repeated: false };
      // Another request with the same key won the race: answer as a repeat.
      const winner = await existing();
      if (winner?.requestHash === hash) {
        return { kind: 'charged', charge: chargeRow(winner), repeated: true };
      }
      return { kind: 'key_reused' };
    },
  };
}

export type CardStore = ReturnType<typeof createCardStore>;
