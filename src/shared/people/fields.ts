/**
 * The fields of an authorized contact, a login's password and the account's own details, with
 * the shared field rules (portal.md §3, §5): the phone mask, email, zip with extension and the
 * state list. Apart from `schemas.ts` (which re-exports them) so that the browser, which checks
 * these fields, does not load the request bodies only the server reads.
 */
import * as v from 'valibot';
import {
  ADDRESS_TYPES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  REMINDER_TYPES,
} from '../constants.ts';
import { CONTACT_COMMENTS_MAX_LENGTH, CONTACT_TEXT_MAX_LENGTH } from './constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { PEOPLE_FIELD_MESSAGES } from './messages.ts';
import { DateOfBirthSchema, FirstNameSchema, LastNameSchema } from '../schemas/person.ts';
import { EmailSchema, PHONE_PATTERN, PhoneSchema } from '../signup/contact-fields.ts';
import { US_STATE_ABBREVIATIONS } from '../us-states.ts';

const optionalText = (max: number, message: string = PEOPLE_FIELD_MESSAGES.text) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, message)), '');

/** Empty, or the pattern. */
const optionalPattern = (pattern: RegExp, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((value) => value === '' || pattern.test(value), message),
    ),
    '',
  );

const enumNumber = (values: readonly number[], message: string, fallback: number) =>
  v.optional(
    v.pipe(
      v.number(message),
      v.check((value) => values.includes(value), message),
    ),
    fallback,
  );

/** Every field of an authorized contact that a customer sets (portal.md §3). */
export const CONTACT_FIELDS = {
  name: v.pipe(
    v.string(PEOPLE_FIELD_MESSAGES.name),
    v.trim(),
    v.minLength(1, PEOPLE_FIELD_MESSAGES.name),
    v.maxLength(NAME_MAX_LENGTH, PEOPLE_FIELD_MESSAGES.name),
    v.regex(/^[\p{L}][\p{L}' .-]*$/u, PEOPLE_FIELD_MESSAGES.name),
  ),
  title: optionalText(CONTACT_TEXT_MAX_LENGTH),
  position: optionalText(CONTACT_TEXT_MAX_LENGTH),
  cmp_name: optionalText(CONTACT_TEXT_MAX_LENGTH, FIELD_MESSAGES.companyName),
  email: EmailSchema,
  phone: PhoneSchema,
  mobile: optionalPattern(PHONE_PATTERN, PEOPLE_FIELD_MESSAGES.mobile),
  fax: optionalPattern(PHONE_PATTERN, PEOPLE_FIELD_MESSAGES.fax),
  dob: v.optional(v.union([v.literal(''), DateOfBirthSchema], FIELD_MESSAGES.dateOfBirth), ''),
  line1: optionalText(CONTACT_TEXT_MAX_LENGTH, FIELD_MESSAGES.address),
  line2: optionalText(CONTACT_TEXT_MAX_LENGTH, FIELD_MESSAGES.address),
  city: optionalText(CONTACT_TEXT_MAX_LENGTH, FIELD_MESSAGES.city),
  state: v.optional(
    v.pipe(
      v.string(FIELD_MESSAGES.state),
      v.trim(),
      // transform rather than toUpperCase: the first screen's bundle already has transform.
      v.transform((value) => value.toUpperCase()),
      v.check(
        (value) => value === '' || (US_STATE_ABBREVIATIONS as readonly string[]).includes(value),
        FIELD_MESSAGES.state,
      ),
    ),
    '',
  ),
  zip_code: optionalPattern(/^\d{5}$/, FIELD_MESSAGES.zip),
  zip_ext: optionalPattern(/^\d{4}$/, PEOPLE_FIELD_MESSAGES.zipExt),
  address_type: enumNumber(
    Object.values(ADDRESS_TYPES),
    PEOPLE_FIELD_MESSAGES.addressType,
    ADDRESS_TYPES.Business,
  ),
  reminder_type: enumNumber(
    Object.values(REMINDER_TYPES),
    PEOPLE_FIELD_MESSAGES.reminderType,
    REMINDER_TYPES['E-Mail'],
  ),
  comments: optionalText(CONTACT_COMMENTS_MAX_LENGTH),
} as const;

export type ContactFields = v.InferOutput<v.ObjectSchema<typeof CONTACT_FIELDS, undefined>>;

/**
 * The address is all or nothing: street, city, state and zip code together (line 2 and the zip
 * extension need the rest). The field to blame, with its message, or an empty object.
 */
export function contactAddressErrors(
  contact: Pick<ContactFields, 'line1' | 'line2' | 'city' | 'state' | 'zip_code' | 'zip_ext'>,
): Partial<Record<'line1' | 'city' | 'state' | 'zip_code', string>> {
  const { line1, line2, city, state, zip_code, zip_ext } = contact;
  const given = [line1, line2, city, state, zip_code, zip_ext].some((part) => part !== '');
  if (!given) return {};
  const missing = (['line1', 'city', 'state', 'zip_code'] as const).find(
    (field) => contact[field] === '',
  );
  return missing ? { [missing]: PEOPLE_FIELD_MESSAGES.addressIncomplete } : {};
}

export const PasswordInput = v.pipe(
  v.string(PEOPLE_FIELD_MESSAGES.password),
  v.minLength(1, PEOPLE_FIELD_MESSAGES.password),
  // Long enough for any password the rules allow; the rules themselves run on the server.
  v.maxLength(4 * PASSWORD_MAX_LENGTH, PEOPLE_FIELD_MESSAGES.password),
);

/** PUT /user/info: the logged-in user's own details (account manage). */
export const UserInfoSchema = v.object({
  first_name: FirstNameSchema,
  middle_initial: v.optional(
    v.pipe(
      v.string(FIELD_MESSAGES.middleInitial),
      v.trim(),
      v.regex(/^[A-Za-z]?$/, FIELD_MESSAGES.middleInitial),
    ),
    '',
  ),
  last_name: LastNameSchema,
  business: optionalText(CONTACT_TEXT_MAX_LENGTH, FIELD_MESSAGES.companyName),
  phone: PhoneSchema,
  email: EmailSchema,
  dob: v.optional(v.union([v.literal(''), DateOfBirthSchema], FIELD_MESSAGES.dateOfBirth), ''),
});
