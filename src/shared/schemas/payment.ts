/**
 * Payment: the contract of `GET /billing/payment_account_url`, and (below) the bank and billing
 * forms' rules with the specification's messages (signup.md §3 "Payment", §5).
 */
import * as v from 'valibot';

export const PAYMENT_PATHS = {
  paymentAccountUrl: '/billing/payment_account_url',
} as const;

/** At most this many characters of the account name are passed to the card form. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** GET /billing/payment_account_url?account_name= */
export const PaymentAccountUrlQuerySchema = v.object({
  /** Prefills the name on the card (optional). */
  account_name: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(ACCOUNT_NAME_MAX_LENGTH, 'The name is too long')),
    '',
  ),
});
export type PaymentAccountUrlQuery = v.InferInput<typeof PaymentAccountUrlQuerySchema>;

export interface PaymentAccountUrlResponse {
  /** The card provider's form, to show in an iframe (its origin is in cardProviderOrigins). */
  url: string;
}
