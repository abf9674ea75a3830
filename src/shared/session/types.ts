/**
 * Bodies of the session API (see /manage/api/v1.0 `auth`, `user`, `token`, `perms`, `passgen`,
 * `admin`, `mailbox`). The server produces them and the web app consumes them; both import these
 * types, so the contract lives in one place. Errors are {@link ApiErrorBody} from `api-error.ts`.
 */
import type { PermissionCategory } from '../constants.ts';
import type { Perms } from '../permissions.ts';

/** Who is logged in, as every session endpoint returns it. */
export interface SessionUser {
  username: string;
  cid: number;
  perms: Perms;
  site_admin: boolean;
  primary_admin: boolean;
  /** Set while a site admin acts as this customer. */
  proxy: null | { admin_username: string };
}

/** POST /auth/tokens and POST /auth/access_token. */
export interface LoginRequest {
  username: string;
  password: string;
  store_in_cookies: boolean;
  /** The second factor's code (authenticator or recovery code), once the password was accepted. */
  otp?: string;
}

/**
 * POST /auth/tokens's answer: the user, and the new recovery codes when this login set up the
 * second factor its customer requires (docs/session.md "Second factor"), shown once.
 */
export type LoginResult = SessionUser & { recovery_codes?: string[] };

/** POST /auth/refresh_token. */
export interface RefreshRequest {
  store_in_cookies: boolean;
}

/** DELETE /auth/tokens when no admin was proxying: the client shows no notification for it. */
export interface LogoutResult {
  proxy_logout: false;
  title: 'Access denied';
  msg: 'Logout complete';
}

/** DELETE /auth/tokens while a site admin was proxying: the admin's session is restored. */
export type ProxyLogoutResult = SessionUser & { proxy_logout: true };

export type LogoutResponse = LogoutResult | ProxyLogoutResult;

export interface ContactInfo {
  /** Full display name ("First M. Last", or the business name). */
  name: string;
  first_name: string;
  middle_initial: string;
  last_name: string;
  business: string;
  /** ISO date (YYYY-MM-DD) or empty. */
  dob: string;
  /** (###) ###-#### */
  phone: string;
  email: string;
}

export interface PostalAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip_code: string;
  fname: string;
  lname: string;
}

export interface BillingAddress extends PostalAddress {
  /** One line, for display. */
  formatted_address: string;
}

/** GET /user/profile. */
export type UserProfile = SessionUser & {
  logged_in: true;
  info: ContactInfo;
  service_address: PostalAddress | null;
};

export interface Billing {
  amount_due: number;
  balance: number;
  /** ISO date (YYYY-MM-DD) or null when nothing is due. */
  due_date: string | null;
  overdue: boolean;
  automatic: boolean;
  default_payment_account_id: number | null;
  payment_amount: number;
  payment_type: 'MANUAL' | 'AUTOMATIC';
  billing_address: BillingAddress | null;
}

/** GET /user/info (account view). */
export interface UserInfoResponse {
  info: ContactInfo;
  billing: Billing;
}

/** PUT /user/info (account manage): answers the new {@link ContactInfo}. */
export interface UpdateUserInfoRequest {
  first_name: string;
  middle_initial: string;
  last_name: string;
  phone: string;
  email: string;
}

/** GET /perms/schema. */
export interface PermissionSchema {
  categories: { name: PermissionCategory; label: string; description: string }[];
}

/** POST /token/password_reset (logged in, fresh token). */
export interface PasswordResetRequest {
  old_password: string;
  new_password: string;
}

/** POST /token/username_recovery. */
export interface UsernameRecoveryRequest {
  email: string;
}

/** POST /token/password_recovery. */
export interface PasswordRecoveryRequest {
  username: string;
}

/** POST /token/update_password/{url}. */
export interface UpdatePasswordRequest {
  username: string;
  password: string;
}

/** The answer of the recovery and password endpoints. */
export interface MessageResponse {
  msg: string;
}

/** GET /passgen/15. */
export interface PassgenResponse {
  words: string[];
}

export interface AdminCustomerSummary {
  cid: number;
  name: string;
  username: string | null;
  email: string;
  service_address: PostalAddress | null;
}

/** GET /admin/customers?q=text. */
export interface AdminCustomersResponse {
  customers: AdminCustomerSummary[];
}

/** POST /admin/proxy: answers the {@link SessionUser} of the customer with `proxy` set. */
export interface AdminProxyRequest {
  cid: number;
}

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO timestamp. */
  created_at: string;
}

/** GET /mailbox (outside production only), newest first. */
export interface MailboxResponse {
  messages: MailboxMessage[];
}
