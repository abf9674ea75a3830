/**
 * What the product needs of a card processor. The API only talks to cards through this
 * interface; which processor stands behind it is configuration (CARD_PROCESSOR), so a real
 * processor replaces the stand-in without touching routes.
 */
import type { CardDetails } from '#shared/schemas/card-token';

/** A card as the processor knows it: what the form sent our page, confirmed by the processor. */
export type VerifiedCard = CardDetails;

export interface ChargeInput {
  token: string;
  amountCents: number;
  /** Only US dollars so far. */
  currency: 'usd';
  description: string;
  /** A repeat with the same key charges nothing more and returns the first charge. */
  idempotencyKey: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; amountCents: number }
  | { status: 'declined'; chargeId: string; declineCode: string };

export interface CardFormRequest {
  /** Exact origin of our page that frames the form and receives its message. */
  parentOrigin: string;
  /** Prefills the name on the card. */
  accountName: string;
}

export interface CardProcessor {
  readonly name: string;
  /** The URL of the processor's card form for our page. */
  formUrl(request: CardFormRequest): string;
  /** The card behind a token, or null when the processor does not know the token. */
  verifyToken(token: string): Promise<VerifiedCard | null>;
  /** Charges a card. Throws {@link CardProcessorError} when the processor cannot be used. */
  charge(input: ChargeInput): Promise<ChargeResult>;
}

/** The processor could not be reached or answered something unexpected. */
export class CardProcessorError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CardProcessorError';
  }
}
