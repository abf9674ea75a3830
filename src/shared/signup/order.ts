/**
 * The order contract of the signup (signup.md §3 "Customer (signup)", "Connectivity order",
 * "Payment", "Agreement", "Metadata"; §7 POST /self_signup, GET /self_signup/usernames,
 * GET /self_signup/pre_signup/{signupHash}): the wizard's whole output model as one valibot
 * schema, composed from the shared schemas of each part (person, username, password lengths,
 * address, connectivity details, card token, bank and billing forms). The page builds
 * {@link SignupOrderInput}; the server parses it with {@link SignupOrderSchema} and then checks
 * what needs the database or other services (password strength, username availability, captcha,
 * the card token, the address's offering, the installation slot). See docs/api.md "Signup order".
 *
 * Paths are relative to the API base path /manage/api/v1.0 ({@link SIGNUP_ORDER_PATHS}).
 */
import * as v from 'valibot';
import { SERVICE_ACTION_TYPES, SERVICE_CLASS, USERNAME_SUGGESTION_LIMIT } from '../constants.ts';
import { ATTRIBUTION_MAX_LENGTH, MESH_TYPES, NOTES_MAX_LENGTH } from './constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { AGREEMENT_MESSAGES, PASSWORD_MESSAGES } from '../messages/account.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { passwordLengthError } from '../password.ts';
import { CardDetailsSchema } from '../schemas/card-token.ts';
import {
  AlternateBillingAddressSchema,
  AutoPaySchema,
  BankDetailsSchema,
  BillingAddressSchema,
  MiddleInitialSchema,
} from '../schemas/payment.ts';
import { SIGNUP_CUSTOMER_FIELDS } from '../schemas/person.ts';
import { UsernameSchema } from '../schemas/username.ts';
import { PostalAddressSchema } from './address.ts';
import { CAPTCHA_TOKEN_FIELD } from './captcha.ts';
import { fieldsObject } from './schema-helpers.ts';
import { AddressLinesSchema, IdSchema, INSTALL_TYPES } from './serviceability.ts';

export const SIGNUP_ORDER_PATHS = {
  /** POST: place the order (body {@link SignupOrderInput}, header {@link IDEMPOTENCY_KEY_HEADER}). */
  order: '/self_signup',
  /** GET ?uid=&name=: availability of a username and suggestions. */
  usernames: '/self_signup/usernames',
  /** GET: the prefill of a pre-signup link. */
  preSignup: (signupHash: string) => `/self_signup/pre_signup/${encodeURIComponent(signupHash)}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Idempotency

/**
 * The header every POST /self_signup carries. The page makes one key per signup attempt
 * (`crypto.randomUUID()` when Place order is pressed with a body it has not sent before) and sends
 * the same key again when it retries that same body (a timeout, a lost answer). A repeat answers
 * what the first request answered and creates nothing; the same key with another body is a 422.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 16 to 128 characters of letters, digits, `-` and `_` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function isIdempotencyKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------------
// Customer (signup.md §3 "Customer (signup)")

const SHORT_TEXT_MAX_LENGTH = 200;

/**
 * The password's length rule ("Password too short." / "Password too long."). Strength (zxcvbn
 * score times 25 reaching 100, "Password score too low.") needs the dictionaries: the page checks
 * it with `newPasswordProblems` from src/shared/password.ts and the server checks it again.
 */
export const SignupPasswordSchema = v.pipe(
  v.string(PASSWORD_MESSAGES.tooShort),
  v.check(
    (password) => passwordLengthError(password) === undefined,
    (issue) => passwordLengthError(String(issue.input)) ?? PASSWORD_MESSAGES.help,
  ),
);

/**
 * The account holder: the customer details of the wizard (fname, lname, email, phone, dob), the
 * credentials (uid is the username) and the service address (the address chosen in the first
 * section, as its details gave it). `name` is optional and ignored: the server writes
 * "fname lname".
 */
export const SignupOrderCustomerSchema = fieldsObject({
  ...SIGNUP_CUSTOMER_FIELDS,
  mname: MiddleInitialSchema,
  name: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
  uid: UsernameSchema,
  password: SignupPasswordSchema,
  ...PostalAddressSchema.entries,
});
export type SignupOrderCustomerInput = v.InferInput<typeof SignupOrderCustomerSchema>;
export type SignupOrderCustomer = v.InferOutput<typeof SignupOrderCustomerSchema>;

// ---------------------------------------------------------------------------------------------
// Connectivity order (signup.md §3 "Connectivity order")

export const ServiceActionTypeSchema = v.picklist(SERVICE_ACTION_TYPES, 'Unknown action');

const NullableText = v.nullable(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)));
const Notes = v.optional(v.pipe(v.string(), v.maxLength(NOTES_MAX_LENGTH)), '');

/**
 * customer_details (utopia residential): the shape only; the rules of the address's provider
 * (`customerDetailsErrors` in connectivity-details.ts) are applied with the address's requirements.
 */
export const OrderCustomerDetailsSchema = v.object({
  is_owner: v.nullable(v.boolean()),
  is_tribal: v.nullable(v.boolean()),
  owner_name: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
  owner_phone: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
  owner_email: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
  city_customer_id: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
  city_account_id: v.optional(v.pipe(v.string(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
});
export type OrderCustomerDetails = v.InferOutput<typeof OrderCustomerDetailsSchema>;

/** drop_details (strata residential): where the fiber attaches, and the visitor's notes. */
export const OrderDropDetailsSchema = v.object({
  accepted: v.boolean(),
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  notes: Notes,
  needs_ont_install: v.boolean(),
});
export type OrderDropDetails = v.InferOutput<typeof OrderDropDetailsSchema>;

/**
 * install_details (strata residential), as the chosen installation time gave it. The server books
 * `external_install_id` (the slot's resourceId) and checks that the slot is of this
 * installation_type and date (`installChoiceErrors` in connectivity-details.ts when an ONT install
 * is needed).
 */
export const OrderInstallDetailsSchema = v.object({
  date: v.nullable(v.string()),
  display_time: NullableText,
  duration: v.nullable(v.number()),
  end_datetime: NullableText,
  external_install_id: NullableText,
  installation_type: v.nullable(v.picklist(INSTALL_TYPES)),
  notes: Notes,
  start_datetime: NullableText,
  time: NullableText,
});
export type OrderInstallDetails = v.InferOutput<typeof OrderInstallDetailsSchema>;

/** The connectivity line of the order. */
export const ConnectivityLineSchema = v.object({
  service_action_type: ServiceActionTypeSchema,
  display_id: NullableText,
  /** The speed ordered (action new) or the current speed (action alter). */
  speed_id: NullableText,
  /** Action alter: the speed it changes to. */
  new_speed_id: v.optional(NullableText, null),
  /** The serviceable address's id (address_id of the serviceability details). */
  external_adid: IdSchema,
  external_soid: NullableText,
  new_external_soid: v.optional(NullableText, null),
  early_signup: v.boolean(),
  /** utopia residential forms; null otherwise. */
  customer_details: v.optional(v.nullable(OrderCustomerDetailsSchema), null),
  /** strata residential forms; null otherwise. */
  drop_details: v.optional(v.nullable(OrderDropDetailsSchema), null),
  install_details: v.optional(v.nullable(OrderInstallDetailsSchema), null),
  /** bonfire residential (southern_ute): YYYY-MM-DD; null for an early-signup prospect. */
  desired_activation_date: v.optional(NullableText, null),
});
export type ConnectivityLine = v.InferOutput<typeof ConnectivityLineSchema>;

/** The router line: XWi router (action new) or the visitor's own (action none), with mesh. */
export const RouterLineSchema = v.object({
  service_action_type: ServiceActionTypeSchema,
  router_model: NullableText,
  mesh_quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  mesh_type: v.picklist(MESH_TYPES),
  external_soid: v.optional(NullableText, null),
  new_external_soid: v.optional(NullableText, null),
});
export type RouterLine = v.InferOutput<typeof RouterLineSchema>;

/** Voice: contact true means "contact me about voice" (action new). */
export const VoiceLineSchema = v.object({
  service_class_id: v.optional(v.number(), SERVICE_CLASS.voiceServices),
  service_action_type: ServiceActionTypeSchema,
  contact: v.boolean(),
});
export type VoiceLine = v.InferOutput<typeof VoiceLineSchema>;

/** Static IP and subnet: action new adds them (where the offering has them). */
export const AddOnLineSchema = v.object({
  service_class_id: v.number(),
  service_action_type: ServiceActionTypeSchema,
});
export type AddOnLine = v.InferOutput<typeof AddOnLineSchema>;

const NO_ADD_ON = {
  service_class_id: SERVICE_CLASS.residentialConnectivity,
  service_action_type: 'none',
} as const;

export const ConnectivityOrderSchema = fieldsObject({
  /** Residential connectivity. */
  service_class_id: v.literal(
    SERVICE_CLASS.residentialConnectivity,
    'Only residential connectivity can be ordered here',
  ),
  service_action_type: ServiceActionTypeSchema,
  connectivity: ConnectivityLineSchema,
  router: RouterLineSchema,
  voice: v.optional(VoiceLineSchema, {
    service_class_id: SERVICE_CLASS.voiceServices,
    service_action_type: 'none',
    contact: false,
  }),
  static_ip: v.optional(AddOnLineSchema, NO_ADD_ON),
  subnet: v.optional(AddOnLineSchema, NO_ADD_ON),
});
export type ConnectivityOrderInput = v.InferInput<typeof ConnectivityOrderSchema>;
export type ConnectivityOrder = v.InferOutput<typeof ConnectivityOrderSchema>;

// ---------------------------------------------------------------------------------------------
// Payment (signup.md §3 "Payment")

/** `CC`: a card from the card provider's form; `ACH`: a bank account. */
export const PAYMENT_ACCOUNT_TYPES = ['CC', 'ACH'] as const;
export type PaymentAccountType = (typeof PAYMENT_ACCOUNT_TYPES)[number];

/** card_details: what the provider's form posted (card-token.ts), plus our internal token. */
export const OrderCardDetailsSchema = v.object({
  ...CardDetailsSchema.entries,
  internal_token: v.optional(NullableText, null),
});
export type OrderCardDetails = v.InferOutput<typeof OrderCardDetailsSchema>;

const paymentCommon = {
  /** Automatic monthly billing (true) or manual payment (false). */
  auto_pay: AutoPaySchema,
  /**
   * false: bill to the service address (billing_address is ignored and may be null); true: bill
   * to billing_address.
   */
  alternate_billing_address: AlternateBillingAddressSchema,
  billing_address: v.optional(v.nullable(BillingAddressSchema), null),
};

export const CardPaymentSchema = v.object({
  account_type: v.literal('CC'),
  ...paymentCommon,
  card_details: OrderCardDetailsSchema,
  bank_details: v.optional(v.null(), null),
});

export const BankPaymentSchema = v.object({
  account_type: v.literal('ACH'),
  ...paymentCommon,
  card_details: v.optional(v.null(), null),
  bank_details: BankDetailsSchema,
});

export const SignupPaymentSchema = v.pipe(
  v.variant('account_type', [CardPaymentSchema, BankPaymentSchema], PAYMENT_MESSAGES.paymentMethod),
  v.forward(
    v.check(
      (payment) => !payment.alternate_billing_address || payment.billing_address !== null,
      FIELD_MESSAGES.address,
    ),
    ['billing_address'],
  ),
);
export type SignupPaymentInput = v.InferInput<typeof SignupPaymentSchema>;
export type SignupPayment = v.InferOutput<typeof SignupPaymentSchema>;

// ---------------------------------------------------------------------------------------------
// Agreement, metadata, attribution

/** An ISO 8601 timestamp with a time zone (what `new Date().toISOString()` writes). */
export const TimestampSchema = v.pipe(
  v.string('Must be a timestamp'),
  v.isoTimestamp('Must be a timestamp'),
);

/** Ticking "I agree" records the current time: without it, the order is not agreed to. */
export const AgreementSchema = v.object({ time: TimestampSchema }, AGREEMENT_MESSAGES.tooltip);
export type Agreement = v.InferOutput<typeof AgreementSchema>;

export const SIGNUP_HASH_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const SignupHashSchema = v.pipe(
  v.string(),
  v.regex(SIGNUP_HASH_PATTERN, 'Not a signup link'),
);

export const MetadataSchema = v.object({
  /** The pre-signup link the wizard was opened with, or null. */
  signup_hash: v.optional(v.nullable(SignupHashSchema), null),
});
export type Metadata = v.InferOutput<typeof MetadataSchema>;

/** An option's label (ATTRIBUTION_OPTIONS), "Other: text", or null when skipped. */
export const AttributionSchema = v.optional(
  v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(ATTRIBUTION_MAX_LENGTH))),
  null,
);

// ---------------------------------------------------------------------------------------------
// POST /self_signup

export const CAPTCHA_TOKEN_MAX_LENGTH = 20_000;
const CAPTCHA_NOT_SOLVED = 'The captcha was not solved';

/** The whole body of POST /self_signup: a part left out gets that part's own message. */
export const SignupOrderSchema = fieldsObject({
  customer: SignupOrderCustomerSchema,
  order: ConnectivityOrderSchema,
  attribution: AttributionSchema,
  payment: SignupPaymentSchema,
  agreement: AgreementSchema,
  metadata: v.optional(MetadataSchema, { signup_hash: null }),
  [CAPTCHA_TOKEN_FIELD]: v.pipe(
    v.string(CAPTCHA_NOT_SOLVED),
    v.minLength(1, CAPTCHA_NOT_SOLVED),
    v.maxLength(CAPTCHA_TOKEN_MAX_LENGTH),
  ),
});
/** What the page sends. */
export type SignupOrderInput = v.InferInput<typeof SignupOrderSchema>;
/** What the server works with after parsing. */
export type SignupOrder = v.InferOutput<typeof SignupOrderSchema>;

/** 201: the order is placed and the account exists; the page logs in with uid and password. */
export interface SignupOrderResponse {
  status: 201;
  /** SIGNUP_MESSAGES.success. */
  msg: string;
  cid: number;
  username: string;
  order_id: number;
}

// ---------------------------------------------------------------------------------------------
// GET /self_signup/usernames?uid=&name=

export const UsernameCheckQuerySchema = v.object({
  uid: UsernameSchema,
  /** The visitor's name (first and last), the source of suggestions. */
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SHORT_TEXT_MAX_LENGTH)), ''),
});
export type UsernameCheckQuery = v.InferInput<typeof UsernameCheckQuerySchema>;

/** At most this many suggestions come back (constants.ts). */
export { USERNAME_SUGGESTION_LIMIT };

export interface UsernameCheckResponse {
  in_use: boolean;
  /** Valid usernames not in use, from the name and the uid; empty when uid is free. */
  suggestions: string[];
}

// ---------------------------------------------------------------------------------------------
// GET /self_signup/pre_signup/{signupHash}

/** What a pre-signup link prefills: the address, the customer and the services chosen. */
export const PreSignupSchema = v.object({
  signup_hash: SignupHashSchema,
  /** The serviceable address (its details come from GET /connectivity_clots/details). */
  address: v.object({
    address_id: v.number(),
    service_class_id: v.number(),
    ...AddressLinesSchema.entries,
    formatted_address: v.string(),
  }),
  customer: v.object({
    fname: v.string(),
    lname: v.string(),
    email: v.string(),
    phone: v.string(),
  }),
  services: v.object({
    speed_id: v.nullable(v.string()),
    router: v.boolean(),
    mesh_quantity: v.number(),
    voice: v.boolean(),
  }),
});
export type PreSignup = v.InferOutput<typeof PreSignupSchema>;

/**
 * The words that make a password easy to guess in this signup: the page passes them to the
 * password field (userInputs) and the server checks strength with the same list.
 */
export function signupPasswordUserInputs(customer: {
  uid: string;
  fname: string;
  lname: string;
  email: string;
}): string[] {
  return [customer.uid, customer.fname, customer.lname, customer.email].filter(Boolean);
}
