/**
 * Request bodies of the contacts and users API and of PUT /user/info (portal.md §3, §5, §7), with
 * the shared field rules: the phone mask, email, zip with extension and the state list. Client and
 * server validate with these same schemas.
 */
import * as v from 'valibot';
import {
  ADDRESS_TYPES,
  CONTACT_COMMENTS_MAX_LENGTH,
  CONTACT_TEXT_MAX_LENGTH,
  DATABASE_ID_MAX,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERMISSION_CATEGORIES,
  REMINDER_TYPES,
} from '../constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { PEOPLE_FIELD_MESSAGES } from '../messages/people.ts';
import { DateOfBirthSchema, FirstNameSchema, LastNameSchema } from '../schemas/person.ts';
import { UsernameSchema } from '../schemas/username.ts';
import { EmailSchema, PHONE_PATTERN, PhoneSchema } from '../signup/connectivity-details.ts';
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
      v.toUpperCase(),
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

type ContactFields = v.InferOutput<v.ObjectSchema<typeof CONTACT_FIELDS, undefined>>;

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

/** POST /user/authorized_contacts, and a contact after a PATCH merged onto it. */
export const ContactSchema = v.object(CONTACT_FIELDS);
export type ContactInput = v.InferInput<typeof ContactSchema>;
export type Contact = v.InferOutput<typeof ContactSchema>;

/** PATCH /user/authorized_contacts/{contact_id}: any of the fields; the result is checked whole. */
export const ContactPatchSchema = v.partial(
  v.object(
    Object.fromEntries(Object.keys(CONTACT_FIELDS).map((key) => [key, v.unknown()])) as Record<
      keyof typeof CONTACT_FIELDS,
      v.UnknownSchema
    >,
  ),
);

const FlagsSchema = v.object({
  has_view: v.optional(v.boolean(PEOPLE_FIELD_MESSAGES.perms), false),
  has_manage: v.optional(v.boolean(PEOPLE_FIELD_MESSAGES.perms), false),
});

/** Rights per category; categories left out are none. Manage implies view (normalizePerms). */
export const PermsSchema = v.strictObject(
  Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, v.optional(FlagsSchema)])) as Record<
    (typeof PERMISSION_CATEGORIES)[number],
    v.OptionalSchema<typeof FlagsSchema, undefined>
  >,
  PEOPLE_FIELD_MESSAGES.perms,
);

const PasswordInput = v.pipe(
  v.string(PEOPLE_FIELD_MESSAGES.password),
  v.minLength(1, PEOPLE_FIELD_MESSAGES.password),
  // Long enough for any password the rules allow; the rules themselves run on the server.
  v.maxLength(4 * PASSWORD_MAX_LENGTH, PEOPLE_FIELD_MESSAGES.password),
);

/** The login of a contact that becomes a user: uid is the username (portal.md §3, §5). */
export const LOGIN_FIELDS = {
  uid: UsernameSchema,
  password: PasswordInput,
  perms: v.optional(PermsSchema, {}),
} as const;

export const ContactIdSchema = v.pipe(
  v.number(PEOPLE_FIELD_MESSAGES.contactId),
  v.integer(PEOPLE_FIELD_MESSAGES.contactId),
  v.minValue(1, PEOPLE_FIELD_MESSAGES.contactId),
  v.maxValue(DATABASE_ID_MAX, PEOPLE_FIELD_MESSAGES.contactId),
);

/** POST /user/authorized_users: a new contact with its login. */
export const NewUserSchema = v.object({ ...CONTACT_FIELDS, ...LOGIN_FIELDS });

/** PUT /user/authorized_users/{contact_id}: add_perms true makes the contact a user, false undoes it. */
export const ConvertUserSchema = v.variant('add_perms', [
  v.object({ add_perms: v.literal(true), ...LOGIN_FIELDS }),
  v.object({ add_perms: v.literal(false) }),
]);

/** PATCH /user/authorized_users/{contact_id}: a user's rights. */
export const UserPermsSchema = v.object({ perms: PermsSchema });

/** Query strings. */
const QueryId = v.pipe(
  v.string(PEOPLE_FIELD_MESSAGES.contactId),
  v.regex(/^[1-9]\d{0,9}$/, PEOPLE_FIELD_MESSAGES.contactId),
  v.transform(Number),
  v.maxValue(DATABASE_ID_MAX, PEOPLE_FIELD_MESSAGES.contactId),
);
export const ContactQuerySchema = v.object({ contact_id: QueryId });
export const UserQuerySchema = v.object({
  contact_id: v.optional(QueryId),
  uid: v.optional(v.pipe(v.string(PEOPLE_FIELD_MESSAGES.userLookup), v.maxLength(200))),
});
export const DeleteUserQuerySchema = v.object({
  uid: v.pipe(v.string(PEOPLE_FIELD_MESSAGES.userLookup), v.minLength(1), v.maxLength(200)),
});

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
