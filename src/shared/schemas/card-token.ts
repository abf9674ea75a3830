/**
 * The message the card provider's form posts to our page once a card is added (signup.md §3
 * "Payment" card_details; §4 "Payment"), and the card details our API accepts in an order. The
 * card number itself never reaches our page or our server: only this token and what it shows.
 *
 * The page accepts a message only when `event.origin` is exactly one of the configured provider
 * origins (PublicConfig.cardProviderOrigins) and `event.source` is the form's own frame, and then
 * only if it parses with {@link CardTokenMessageSchema}; see {@link readCardTokenMessage}.
 */
import * as v from 'valibot';
import { CARD_EXPIRY_CENTURY, type ColorScheme } from '../constants.ts';

/** `type` of the message that carries a new card. */
export const CARD_TOKEN_MESSAGE_TYPE = 'card-provider:token';

/**
 * The query parameter of the card form's address that asks for the colour scheme of the page that
 * frames it (`dark` or `light`): the provider's page then draws itself in that scheme, so that a
 * dark modal does not frame a white form.
 */
export const CARD_FORM_SCHEME_PARAM = 'scheme';

/** The card form's address with the framing page's colour scheme. */
export function cardFormAddress(url: string, scheme: ColorScheme): string {
  const address = new URL(url);
  address.searchParams.set(CARD_FORM_SCHEME_PARAM, scheme);
  return address.toString();
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb'] as const;
export type CardBrandName = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABELS: Record<CardBrandName, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

const NameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));

/** signup.md §3 card_details, as the provider's form sends it. */
export const CardDetailsSchema = v.object({
  /** The provider's token for the card (`tok_…`); the server verifies it with the provider. */
  token: v.pipe(v.string(), v.regex(/^tok_[A-Za-z0-9_-]{16,64}$/, 'Not a card token')),
  fname: NameSchema,
  lname: NameSchema,
  exp_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  /** {@link CARD_EXPIRY_CENTURY} plus the two digits of the expiry. */
  exp_year: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(CARD_EXPIRY_CENTURY),
    v.maxValue(CARD_EXPIRY_CENTURY + 99),
  ),
  last_four: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  brand: v.picklist(CARD_BRANDS),
});
export type CardDetails = v.InferOutput<typeof CardDetailsSchema>;

export const CardTokenMessageSchema = v.object({
  type: v.literal(CARD_TOKEN_MESSAGE_TYPE),
  card: CardDetailsSchema,
});
export type CardTokenMessage = v.InferOutput<typeof CardTokenMessageSchema>;

/** What the page needs of a browser `message` event. */
export interface CardMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The card of a message from the provider's form, or null when the message must be ignored: its
 * origin is not exactly one of `allowedOrigins`, it does not come from `expectedSource` (the
 * form's frame window), or it is not a well-formed card message.
 */
export function readCardTokenMessage(
  event: CardMessageEvent,
  allowedOrigins: readonly string[],
  expectedSource: unknown,
): CardDetails | null {
  if (!allowedOrigins.includes(event.origin)) return null;
  if (expectedSource === null || expectedSource === undefined) return null;
  if (event.source !== expectedSource) return null;
  const parsed = v.safeParse(CardTokenMessageSchema, event.data);
  return parsed.success ? parsed.output.card : null;
}
