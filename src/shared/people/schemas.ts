/**
 * Request bodies of the contacts and users API and of PUT /user/info (portal.md §3, §5, §7), with
 * the shared field rules: the phone mask, email, zip with extension and the state list. Client and
 * server validate with these same schemas.
 */
import * as v from 'valibot';
import { DATABASE_ID_MAX, PERMISSION_CATEGORIES } from '../constants.ts';
import { PEOPLE_FIELD_MESSAGES } from './messages.ts';
import { UsernameSchema } from '../schemas/username.ts';
import { CONTACT_FIELDS, PasswordInput } from './fields.ts';

export {
  CONTACT_FIELDS,
  contactAddressErrors,
  PasswordInput,
  UserInfoSchema,
  type ContactFields,
} from './fields.ts';

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
