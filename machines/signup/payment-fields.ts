/**
 * The payment section's forms, as fields of the shared form machine, checked with the shared
 * schemas (src/shared/schemas/payment.ts) so the page and the server agree:
 *
 * - the bank form (signup.md §5 "Bank form"): name, routing number, account number, account type;
 * - the new billing address (§5 "Billing name", "Address form"): first name, middle initial, last
 *   name, company, street, line 2, city, state and zip (5 digits, optionally "-1234"). With a
 *   company name the person's names are not checked.
 */
import * as v from 'valibot';
import {
  BankDetailsSchema,
  BillingAddressSchema,
  splitZip,
  type BillingAddressInput,
} from '#shared/schemas/payment';
import type { FieldErrors, FieldSchemas, FormValues } from '../forms/validation.ts';

export const BANK_FIELDS: FieldSchemas = { ...BankDetailsSchema.entries };

const Text = v.string();

/** Every field accepts text on its own; {@link billingAddressChecks} applies the rules. */
export const BILLING_ADDRESS_FIELDS: FieldSchemas = {
  fname: Text,
  mnami: Text,
  lname: Text,
  cmp_name: Text,
  line1: Text,
  line2: Text,
  city: Text,
  state: Text,
  zip: Text,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The billing address of the order from the form's values (the zip box split in two). */
export function billingAddressOf(values: FormValues): BillingAddressInput {
  const zip = text(values.zip);
  const split = splitZip(zip) ?? { zip_code: zip.trim(), zip_ext: '' };
  return {
    fname: text(values.fname),
    mnami: text(values.mnami),
    lname: text(values.lname),
    cmp_name: text(values.cmp_name),
    line1: text(values.line1),
    line2: text(values.line2),
    city: text(values.city),
    state: text(values.state),
    zip_code: split.zip_code,
    zip_ext: split.zip_ext,
  };
}

const FIELD_OF_PATH: Record<string, string> = { zip_code: 'zip', zip_ext: 'zip' };

/** The billing address rules as messages per field (the shared schema, cross-field rules too). */
export function billingAddressChecks(values: FormValues): FieldErrors {
  const result = v.safeParse(BillingAddressSchema, billingAddressOf(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    const field = FIELD_OF_PATH[key] ?? key;
    if (field in BILLING_ADDRESS_FIELDS) errors[field] ??= issue.message;
  }
  return errors;
}
