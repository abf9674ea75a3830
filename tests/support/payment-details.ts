/**
 * The payment details the tests send and expect, as plain data (no server code): the cards the
 * provider's form describes, and Jane Doe's bank account and billing address of a signup order
 * (signup.md §3 "Payment"; docs/api.md "The card form and its message").
 */
import type { CardDetails } from '../../src/shared/schemas/card-token.ts';
import type { BankDetailsInput, BillingAddressInput } from '../../src/shared/schemas/payment.ts';

/** Ann Lee's Mastercard ending 4444, expiring 08/30, under the provider's token given. */
export function annLeeCard(token: string): CardDetails {
  return {
    token,
    fname: 'Ann',
    lname: 'Lee',
    exp_month: 8,
    exp_year: 2030,
    last_four: '4444',
    brand: 'mastercard',
  };
}

/** Jane Doe's Visa ending 4242, expiring 12/31, under the provider's token given. */
export function janeDoeCard(token: string): CardDetails {
  return {
    token,
    fname: 'Jane',
    lname: 'Doe',
    exp_month: 12,
    exp_year: 2031,
    last_four: '4242',
    brand: 'visa',
  };
}

/** Jane Doe's checking account (a real routing number). */
export const JANE_DOE_BANK = {
  name: 'Jane Doe',
  routing: '011000015',
  account: '000123456789',
  account_type: 'CHECKING',
} as const satisfies BankDetailsInput;

/** Jane Doe's billing address in Provo. */
export const JANE_DOE_BILLING_ADDRESS = {
  fname: 'Jane',
  mnami: 'Q',
  lname: 'Doe',
  cmp_name: '',
  line1: '1 Main St',
  line2: '',
  city: 'Provo',
  state: 'UT',
  zip_code: '84601',
  zip_ext: '',
} satisfies BillingAddressInput;
