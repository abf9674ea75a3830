/**
 * Payment: the contract of `GET /billing/payment_account_url`, and the bank and billing forms'
 * rules with the specification's messages (signup.md §3 "Payment", §5). The page's forms and the
 * server check with these same schemas.
 */
import * as v from 'valibot';
import {
  BANK_ACCOUNT_NUMBER_MAX_DIGITS,
  BANK_ACCOUNT_NUMBER_MIN_DIGITS,
  BANK_ACCOUNT_TYPES,
  NAME_MAX_LENGTH,
  WHITELISTED_ROUTING_NUMBERS,
} from '../constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { PAYMENT_MESSAGES } from '../signup/messages.ts';
import { CitySchema, Line1Schema, Line2Schema, StateSchema } from '../signup/address.ts';
import { FirstNameSchema, LastNameSchema, nameSchema } from './person.ts';

export const PAYMENT_PATHS = {
  paymentAccountUrl: '/billing/payment_account_url',
} as const;

/** At most this many characters of the account name are passed to the card form. */

/** GET /billing/payment_account_url?account_name= */
export const PaymentAccountUrlQuerySchema = v.object({
  /** Prefills the name on the card (optional). */
  account_name: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX_LENGTH, 'The name is too long')),
    '',
  ),
});
export type PaymentAccountUrlQuery = v.InferInput<typeof PaymentAccountUrlQuerySchema>;

export interface PaymentAccountUrlResponse {
  /** The card provider's form, to show in an iframe (its origin is in cardProviderOrigins). */
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Bank form (signup.md §5 "Bank form", portal.md §5)

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1, 3, 7, 1, ...) is a multiple of 10. */
export function isAbaRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (routing.charCodeAt(i) - 48) * weights[i];
  return sum % 10 === 0;
}

/** A routing number we accept: the ABA checksum holds, or it is one of the two whitelisted. */
export function isAcceptedRoutingNumber(routing: string): boolean {
  return (
    isAbaRoutingNumber(routing) ||
    (WHITELISTED_ROUTING_NUMBERS as readonly string[]).includes(routing)
  );
}

/** The name on the bank account: letters and spaces. */
export const BankNameSchema = nameSchema(FIELD_MESSAGES.bankName);

export const RoutingNumberSchema = v.pipe(
  v.string(FIELD_MESSAGES.routingNumber),
  v.trim(),
  v.check(isAcceptedRoutingNumber, FIELD_MESSAGES.routingNumber),
);

/**
 * A bank account number: 4 to 17 digits (17 is the NACHA field's length), not all zeros. Spaces
 * and hyphens people type between groups are dropped.
 */
export const AccountNumberSchema = v.pipe(
  v.string(FIELD_MESSAGES.accountNumber),
  v.transform((value) => value.replace(/[\s-]/g, '')),
  v.regex(
    new RegExp(`^\\d{${BANK_ACCOUNT_NUMBER_MIN_DIGITS},${BANK_ACCOUNT_NUMBER_MAX_DIGITS}}$`),
    FIELD_MESSAGES.accountNumber,
  ),
  v.check((value) => /[1-9]/.test(value), FIELD_MESSAGES.accountNumber),
);

export const BankAccountTypeSchema = v.picklist(BANK_ACCOUNT_TYPES, FIELD_MESSAGES.accountType);

/** signup.md §3 bank_details. */
export const BankDetailsSchema = v.object({
  name: BankNameSchema,
  routing: RoutingNumberSchema,
  account: AccountNumberSchema,
  account_type: BankAccountTypeSchema,
});
export type BankDetailsInput = v.InferInput<typeof BankDetailsSchema>;
export type BankDetails = v.InferOutput<typeof BankDetailsSchema>;

/** The last four digits: all that is ever shown of a bank account or card number. */
export function lastFour(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}

// ---------------------------------------------------------------------------------------------
// Billing address (signup.md §3 billing_address, §5 "Billing name", "Address form")

/** Middle initial: optional, a single letter. */
export const MiddleInitialSchema = v.optional(
  v.pipe(
    v.string(FIELD_MESSAGES.middleInitial),
    v.trim(),
    v.regex(/^[A-Za-z]?$/, FIELD_MESSAGES.middleInitial),
  ),
  '',
);

/** Company name: letters, digits, spaces and & . , ' - / (at least one letter or digit). */
export const CompanyNameSchema = v.pipe(
  v.string(FIELD_MESSAGES.companyName),
  v.trim(),
  v.regex(/^(?=.*[A-Za-z0-9])[A-Za-z0-9 &.,'/-]+$/, FIELD_MESSAGES.companyName),
  v.maxLength(NAME_MAX_LENGTH, FIELD_MESSAGES.companyName),
);

/** The billing zip: 5 digits. */
export const BillingZipCodeSchema = v.pipe(
  v.string(FIELD_MESSAGES.zip),
  v.trim(),
  v.regex(/^\d{5}$/, FIELD_MESSAGES.zip),
);

/** The +4 extension: optional, 4 digits; empty when absent. */
export const ZipExtensionSchema = v.optional(
  v.pipe(v.string(FIELD_MESSAGES.zip), v.trim(), v.regex(/^(\d{4})?$/, FIELD_MESSAGES.zip)),
  '',
);

/** "84101-1234" as typed in one box → zip_code and zip_ext; null when it is not a zip. */
export function splitZip(value: string): { zip_code: string; zip_ext: string } | null {
  const match = /^\s*(\d{5})(?:-(\d{4}))?\s*$/.exec(value);
  return match ? { zip_code: match[1], zip_ext: match[2] ?? '' } : null;
}

/** zip_code and zip_ext as one box shows them: "84101" or "84101-1234". */
export function joinZip(address: { zip_code: string; zip_ext?: string }): string {
  return address.zip_ext ? `${address.zip_code}-${address.zip_ext}` : address.zip_code;
}

const optionalText = (message: string) => v.optional(v.pipe(v.string(message), v.trim()), '');

/**
 * signup.md §3 billing_address. A company (cmp_name given) is billed by its name: the person's
 * names are then not checked. Otherwise first and last name are required (letters and spaces)
 * and the middle initial is one letter or nothing.
 */
/** Where bills go: the address fields of the signup's and the portal's billing address. */
export const BILLING_ADDRESS_LINES = {
  line1: Line1Schema,
  line2: Line2Schema,
  city: CitySchema,
  state: StateSchema,
  zip_code: BillingZipCodeSchema,
  zip_ext: ZipExtensionSchema,
};

export const BillingAddressSchema = v.pipe(
  v.object({
    fname: optionalText(FIELD_MESSAGES.firstName),
    mnami: optionalText(FIELD_MESSAGES.middleInitial),
    lname: optionalText(FIELD_MESSAGES.lastName),
    cmp_name: v.optional(
      v.pipe(
        v.string(FIELD_MESSAGES.companyName),
        v.trim(),
        v.check(
          (value) => value === '' || v.is(CompanyNameSchema, value),
          FIELD_MESSAGES.companyName,
        ),
      ),
      '',
    ),
    ...BILLING_ADDRESS_LINES,
  }),
  v.forward(
    v.check(
      (address) => address.cmp_name !== '' || v.is(FirstNameSchema, address.fname),
      FIELD_MESSAGES.firstName,
    ),
    ['fname'],
  ),
  v.forward(
    v.check(
      (address) => address.cmp_name !== '' || v.is(MiddleInitialSchema, address.mnami),
      FIELD_MESSAGES.middleInitial,
    ),
    ['mnami'],
  ),
  v.forward(
    v.check(
      (address) => address.cmp_name !== '' || v.is(LastNameSchema, address.lname),
      FIELD_MESSAGES.lastName,
    ),
    ['lname'],
  ),
);
export type BillingAddressInput = v.InferInput<typeof BillingAddressSchema>;
export type BillingAddress = v.InferOutput<typeof BillingAddressSchema>;

/** The choice the billing form demands: the service address, or a new one. */
export const BILLING_ADDRESS_CHOICES = ['service', 'new'] as const;
export type BillingAddressChoice = (typeof BILLING_ADDRESS_CHOICES)[number];

export const BillingAddressChoiceSchema = v.picklist(
  BILLING_ADDRESS_CHOICES,
  PAYMENT_MESSAGES.billingAddressChoice,
);

/** The output model's flag (signup.md §3 alternate_billing_address): true = a new address. */
export const AlternateBillingAddressSchema = v.boolean(PAYMENT_MESSAGES.billingAddressChoice);

/**
 * The billing form as a whole: the choice is mandatory; a new address must be valid. Errors of
 * the address come under `address.<field>`.
 */
export const BillingFormSchema = v.variant(
  'choice',
  [
    v.object({ choice: v.literal('service') }),
    v.object({ choice: v.literal('new'), address: BillingAddressSchema }),
  ],
  PAYMENT_MESSAGES.billingAddressChoice,
);
export type BillingFormInput = v.InferInput<typeof BillingFormSchema>;
export type BillingForm = v.InferOutput<typeof BillingFormSchema>;

/** The choice as the output model holds it. */
export function alternateBillingAddress(choice: BillingAddressChoice): boolean {
  return choice === 'new';
}

/** Automatic monthly billing (true) or manual payment (false): a choice must be made. */
export const AutoPaySchema = v.boolean(PAYMENT_MESSAGES.autoPay);
