/**
 * Bodies of the contacts and users API (docs/api.md "Contacts and users", docs/people.md). The
 * server produces them and the web app consumes them.
 */
import type { Perms } from '../permissions.ts';

/** An authorized contact (portal.md §3), as every contacts endpoint returns it. */
export interface AuthorizedContact {
  contact_id: number;
  /** The customer number the contact belongs to. */
  cntid: number;
  name: string;
  title: string;
  position: string;
  cmp_name: string;
  email: string;
  phone: string;
  mobile: string;
  fax: string;
  /** YYYY-MM-DD or empty. */
  dob: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip_code: string;
  zip_ext: string;
  /** Business=1, Home=2. */
  address_type: number;
  /** E-Mail=1, Snail Mail=2, Fax=3, CC Auto=4. */
  reminder_type: number;
  comments: string;
  /** The contact's login, or null for a contact that is not a user. */
  user: null | {
    uid: string;
    perms: Required<Perms>;
    primary_admin: boolean;
  };
}

/** GET /user/authorized_contacts. */
export interface AuthorizedContactList {
  contacts: AuthorizedContact[];
}

/** GET /user/authorized_users?contact_id&uid: one user, as each of its three records holds it. */
export interface AuthorizedUserRecord {
  /** The person as the billing side knows it: name, how to reach them, how reminders go. */
  billing: {
    contact_id: number;
    cntid: number;
    name: string;
    cmp_name: string;
    email: string;
    phone: string;
    reminder_type: number;
    address_type: number;
    formatted_address: string;
  };
  /** The directory entry of the login: what signs in. */
  ldap: {
    uid: string;
    cn: string;
    mail: string;
    login_enabled: boolean;
    password_changed_at: string;
  };
  /** The portal's own record: rights per category and the account roles. */
  db: {
    uid: string;
    perms: Required<Perms>;
    primary_admin: boolean;
    created_at: string;
    updated_at: string;
  };
}
