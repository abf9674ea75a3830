/**
 * The customer details of the signup (signup.md §2 item 2, §5): first and last name, email, phone
 * and date of birth, with the spec's messages. Client and server check with these same schemas.
 */
import * as v from 'valibot';
import { EARLIEST_DATE_OF_BIRTH_YEAR, NAME_MAX_LENGTH } from '../first-load-constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { EmailSchema, PhoneSchema } from '../signup/contact-fields.ts';
import { isIsoDate, serviceDate } from '../signup/dates.ts';

/** The phone mask as react-imask writes it: (###) ###-####. */
export const PHONE_MASK = '(000) 000-0000';
/** The date-of-birth mask as shown: MM/DD/YYYY. */
export const DATE_OF_BIRTH_MASK = '00/00/0000';

/** Letters and spaces, starting with a letter. */
const NAME_PATTERN = /^[A-Za-z][A-Za-z ]*$/;

export function nameSchema(message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.regex(NAME_PATTERN, message),
    v.maxLength(NAME_MAX_LENGTH, message),
  );
}

export const FirstNameSchema = nameSchema(FIELD_MESSAGES.firstName);
export const LastNameSchema = nameSchema(FIELD_MESSAGES.lastName);

/**
 * A date of birth held as `YYYY-MM-DD`: a real day, a four-digit year, not before 1900 and in the
 * past (before `today`, by default today in the service area's calendar).
 */
export function dateOfBirthSchema(today: () => string = () => serviceDate()) {
  return v.pipe(
    v.string(FIELD_MESSAGES.dateOfBirth),
    v.check(isIsoDate, FIELD_MESSAGES.dateOfBirth),
    v.check(
      (value) => Number(value.slice(0, 4)) >= EARLIEST_DATE_OF_BIRTH_YEAR,
      FIELD_MESSAGES.dateOfBirth,
    ),
    v.check((value) => value < today(), FIELD_MESSAGES.dateOfBirth),
  );
}

export const DateOfBirthSchema = dateOfBirthSchema();

/** `MM/DD/YYYY` as typed → `YYYY-MM-DD` as held; anything incomplete comes back unchanged. */
export function dateOfBirthFromDisplay(display: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(display);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : display;
}

/** `YYYY-MM-DD` as held → `MM/DD/YYYY` as shown; anything else comes back unchanged. */
export function dateOfBirthToDisplay(held: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(held);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : held;
}

/** The customer details of the signup: every field is required. */
export const SIGNUP_CUSTOMER_FIELDS = {
  fname: FirstNameSchema,
  lname: LastNameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  dob: DateOfBirthSchema,
} as const;

export const SignupCustomerSchema = v.object(SIGNUP_CUSTOMER_FIELDS);
export type SignupCustomer = v.InferOutput<typeof SignupCustomerSchema>;
