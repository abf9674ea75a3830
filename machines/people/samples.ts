/** Contacts and rights the people machines' registrations walk with. */
import { ERROR_MESSAGES } from '#shared/messages';
import { PEOPLE_MESSAGES } from '#shared/people/messages';
import { normalizePerms } from '#shared/people/grants';
import type { AuthorizedContact } from '#shared/people/types';
import type { Perms } from '#shared/permissions';
import type { Editor } from './types.ts';

/** Someone who manages contacts and may see payments, and nothing more. */
export const CONTACTS_MANAGER: Perms = {
  contacts: { has_view: true, has_manage: true },
  payments: { has_view: true, has_manage: false },
};

/** The person editing in the walks: a user of the account other than the primary admin. */
export const EDITOR: Editor = { username: 'eddie', primaryAdmin: false };

export const CONTACT: AuthorizedContact = {
  contact_id: 7,
  cntid: 1001,
  name: 'Robin Hale',
  title: '',
  position: 'Bookkeeper',
  cmp_name: 'Hale Farms',
  email: 'robin@example.com',
  phone: '(555) 000-1111',
  mobile: '',
  fax: '',
  dob: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip_code: '',
  zip_ext: '',
  address_type: 1,
  reminder_type: 1,
  comments: '',
  user: null,
};

export const RENAMED: AuthorizedContact = { ...CONTACT, name: 'Dana Keller' };

export const AS_USER: AuthorizedContact = {
  ...CONTACT,
  user: {
    uid: 'robin',
    perms: normalizePerms({ payments: { has_view: true, has_manage: false } }),
    primary_admin: false,
  },
};

export const TIMED_OUT = { status: 0, message: ERROR_MESSAGES.timeout };
export const refused422 = (field: string, message: string) => ({
  status: 422,
  message,
  fieldErrors: { [field]: message },
});
export const LAST_MANAGER = { status: 409, message: PEOPLE_MESSAGES.lastContactsManager };
