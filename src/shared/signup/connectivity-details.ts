/**
 * The connectivity details of the signup (signup.md §3 "Owner/tribal details", "Lehi-style
 * installation", "Southern-ute style"; §5 "Owner and renter", "Installation"; portal.md §5 "Owner
 * contact", "City account number"), checked by the page's forms and again by the server.
 */
import * as v from 'valibot';
import {
  CITY_ACCOUNT_ID_MAX_LENGTH,
  CITY_CUSTOMER_ID_MAX_LENGTH,
} from '../first-load-constants.ts';
import { CONNECTIVITY_MESSAGES, FIELD_MESSAGES } from '../messages.ts';
import { earliestScheduleDate, isIsoDate, lastInstallationDate } from './dates.ts';
import { EmailSchema, OwnerNameSchema, PhoneSchema, RenterNameSchema } from './contact-fields.ts';
import { fieldsObject } from './schema-helpers.ts';
import type { InstallType, ProviderRequirements } from './serviceability.ts';

/** The owner's contact, required when the visitor rents (customer_details.owner_*). */
export const OwnerContactSchema = fieldsObject({
  owner_name: OwnerNameSchema,
  owner_phone: PhoneSchema,
  owner_email: EmailSchema,
});
export type OwnerContact = v.InferOutput<typeof OwnerContactSchema>;

/** A renter's own contact (POST /connectivity_clots/renter). */
export const RenterContactSchema = fieldsObject({
  name: RenterNameSchema,
  phone: PhoneSchema,
  email: EmailSchema,
});
export type RenterContact = v.InferOutput<typeof RenterContactSchema>;

/** City customer id: a 1 followed by 1 to 10 digits, at most 10 characters in all. */
export const CityCustomerIdSchema = v.pipe(
  v.string(FIELD_MESSAGES.cityCustomerId),
  v.trim(),
  v.regex(/^1\d{1,10}$/, FIELD_MESSAGES.cityCustomerId),
  v.maxLength(CITY_CUSTOMER_ID_MAX_LENGTH, FIELD_MESSAGES.cityCustomerId),
);

/** City account id: 1 to 30 digits. */
export const CityAccountIdSchema = v.pipe(
  v.string(FIELD_MESSAGES.cityAccountId),
  v.trim(),
  v.regex(/^\d+$/, FIELD_MESSAGES.cityAccountId),
  v.maxLength(CITY_ACCOUNT_ID_MAX_LENGTH, FIELD_MESSAGES.cityAccountId),
);

/** "Now" for the date rules: the real time by default, the server's clock when it passes one. */
type Now = () => Date;
const realNow: Now = () => new Date();

/**
 * An install or activation date: YYYY-MM-DD, tomorrow (service time zone, as of `now`) at the
 * earliest.
 */
export function scheduleDateSchema(requiredMessage: string, now: Now = realNow) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.minLength(1, requiredMessage),
    v.check(isIsoDate, requiredMessage),
    v.check((date) => date >= earliestScheduleDate(now()), CONNECTIVITY_MESSAGES.dateFromTomorrow),
  );
}
/** An install date is also within the booking horizon. */
export function installDateSchema(now: Now = realNow) {
  return v.pipe(
    scheduleDateSchema(CONNECTIVITY_MESSAGES.installationDate, now),
    v.check(
      (date) => date <= lastInstallationDate(now()),
      CONNECTIVITY_MESSAGES.installationBeyondHorizon,
    ),
  );
}
export const InstallDateSchema = installDateSchema();
export const ActivationDateSchema = scheduleDateSchema(CONNECTIVITY_MESSAGES.activationDate);

// ---------------------------------------------------------------------------------------------
// customer_details (utopia residential: utopia, yellowstone_fiber, bountiful_fiber)

export interface CustomerDetails {
  /** null until the visitor answers. */
  is_owner: boolean | null;
  is_tribal: boolean | null;
  owner_name: string;
  owner_phone: string;
  owner_email: string;
  city_customer_id: string;
  city_account_id: string;
}

export const EMPTY_CUSTOMER_DETAILS: CustomerDetails = {
  is_owner: null,
  is_tribal: null,
  owner_name: '',
  owner_phone: '',
  owner_email: '',
  city_customer_id: '',
  city_account_id: '',
};

export type CustomerDetailsRules = Pick<
  ProviderRequirements,
  'owner_data_required' | 'renters_allowed' | 'tribal_question_required' | 'city_account_required'
>;

export type FieldErrorMap = Partial<Record<string, string>>;

function firstIssue(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

/**
 * The broken rules of customer_details for a provider's requirements, one message per field
 * (empty when valid):
 * - the owner choice is mandatory where the provider needs owner data;
 * - where renters are not allowed, only owners may proceed;
 * - a renter gives the owner's name, phone and email;
 * - the tribal question where the provider demands it;
 * - city customer id and city account id for the city-account service class.
 */
export function customerDetailsErrors(
  details: Partial<CustomerDetails>,
  rules: CustomerDetailsRules,
): FieldErrorMap {
  const errors: FieldErrorMap = {};
  const isOwner = details.is_owner ?? null;
  if (rules.owner_data_required && isOwner === null) {
    errors.is_owner = CONNECTIVITY_MESSAGES.ownershipRequired;
  }
  if (isOwner === false && !rules.renters_allowed) {
    errors.is_owner = CONNECTIVITY_MESSAGES.ownersOnly;
  }
  if (isOwner === false && rules.renters_allowed) {
    errors.owner_name = firstIssue(OwnerNameSchema, details.owner_name ?? '');
    errors.owner_phone = firstIssue(PhoneSchema, details.owner_phone ?? '');
    errors.owner_email = firstIssue(EmailSchema, details.owner_email ?? '');
  }
  if (rules.tribal_question_required && (details.is_tribal ?? null) === null) {
    errors.is_tribal = CONNECTIVITY_MESSAGES.tribalRequired;
  }
  if (rules.city_account_required) {
    errors.city_customer_id = firstIssue(CityCustomerIdSchema, details.city_customer_id ?? '');
    errors.city_account_id = firstIssue(CityAccountIdSchema, details.city_account_id ?? '');
  }
  return withoutEmpty(errors);
}

// ---------------------------------------------------------------------------------------------
// install_details (strata residential: lehi_fiber)

export interface InstallChoice {
  installation_type: InstallType | '' | null;
  /** YYYY-MM-DD */
  date: string;
  /** The chosen slot's resourceId (sent as install_details.external_install_id). */
  external_install_id: string;
}

/** When an ONT install is needed, installation type, date and time must all be chosen. */
export function installChoiceErrors(
  choice: Partial<InstallChoice>,
  needsOntInstall: boolean,
  at?: Date,
): FieldErrorMap {
  if (!needsOntInstall) return {};
  const errors: FieldErrorMap = {};
  if (choice.installation_type !== 'basic' && choice.installation_type !== 'advanced') {
    errors.installation_type = CONNECTIVITY_MESSAGES.installationType;
  }
  const schema = at ? installDateSchema(() => at) : InstallDateSchema;
  errors.date = firstIssue(schema, choice.date ?? '');
  if (!choice.external_install_id) errors.time = CONNECTIVITY_MESSAGES.installationTime;
  return withoutEmpty(errors);
}

// ---------------------------------------------------------------------------------------------
// desired_activation_date (bonfire residential: southern_ute)

/**
 * Required unless the address is an early-signup prospect; tomorrow at the earliest (as of `at`,
 * the real time by default).
 */
export function activationDateError(
  date: string | null | undefined,
  earlySignup: boolean,
  at?: Date,
): string | undefined {
  if (earlySignup && !date) return undefined;
  const schema = at
    ? scheduleDateSchema(CONNECTIVITY_MESSAGES.activationDate, () => at)
    : ActivationDateSchema;
  return firstIssue(schema, date ?? '');
}

function withoutEmpty(errors: FieldErrorMap): FieldErrorMap {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}
