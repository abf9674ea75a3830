/**
 * Every API endpoint and who may call it: one line each, `METHOD /path` as the route is
 * registered (relative to /manage/api/v1.0). The access middleware (access.ts) enforces these
 * rules before any handler runs, and tests/api/permissions.test.ts walks this table with users of
 * each kind. A route missing here answers 500, so add the line together with the route.
 */
import type { AccessRule, EndpointKey } from './rules.ts';
import { ACTING_ADMIN, DEMO_ONLY, LOGIN, PUBLIC, SITE_ADMIN, anyOf, fresh } from './rules.ts';

export const ENDPOINT_ACCESS: Readonly<Record<EndpointKey, AccessRule>> = {
  // Foundation
  'GET /health': PUBLIC,
  'GET /csrf': PUBLIC,
  'POST /client_errors': PUBLIC,
  // Session (docs/api.md "Session")
  'POST /auth/tokens': PUBLIC,
  'DELETE /auth/tokens': PUBLIC,
  'POST /auth/refresh_token': PUBLIC,
  'POST /auth/access_token': LOGIN,
  'GET /user/profile': LOGIN,
  'GET /user/info': anyOf('account.view'),
  'PUT /user/info': anyOf('account.manage'),
  'GET /perms/schema': LOGIN,
  'POST /token/password_reset': fresh(LOGIN),
  'POST /token/username_recovery': PUBLIC,
  'POST /token/password_recovery': PUBLIC,
  'POST /token/update_password/:url': PUBLIC,
  'GET /passgen/:count': PUBLIC,
  'GET /admin/customers': SITE_ADMIN,
  'POST /admin/proxy': SITE_ADMIN,
  'GET /mailbox': DEMO_ONLY,
  // Serviceability (docs/api.md "Serviceability"): the public signup's address checks.
  'POST /self_signup/address/suggestions': PUBLIC,
  'POST /self_signup/address/details': PUBLIC,
  'POST /self_signup/address/validate': PUBLIC,
  'GET /connectivity_clots/addresses': PUBLIC,
  'GET /connectivity_clots/details': PUBLIC,
  'GET /connectivity_clots/offering': PUBLIC,
  'GET /connectivity_clots/installation': PUBLIC,
  'POST /connectivity_clots/renter': PUBLIC,
  'POST /connectivity_clots/availability': PUBLIC,
  'GET /captcha/config': PUBLIC,
  'GET /captcha/challenge': PUBLIC,
  // Payments (docs/api.md "Payments"): signup visitors add cards before they have a login.
  'GET /billing/payment_account_url': PUBLIC,
  // Billing (docs/api.md "Billing"): payments view to read, payments manage to change; invoices
  // view also opens one bill or payment (the /invoice/ page).
  'GET /billing/bills': anyOf('payments.view'),
  'GET /billing/bills/:id': anyOf('payments.view', 'invoices.view'),
  'GET /billing/bills/:id/pdf': anyOf('payments.view', 'invoices.view'),
  'GET /billing/payments': anyOf('payments.view'),
  'GET /billing/payments/:id': anyOf('payments.view', 'invoices.view'),
  'GET /billing/payments/:id/pdf': anyOf('payments.view', 'invoices.view'),
  'POST /billing/payments': fresh(anyOf('payments.manage')),
  'POST /billing/address': anyOf('payments.manage'),
  'GET /billing/payment_accounts': anyOf('payments.view'),
  'POST /billing/payment_accounts/card': fresh(anyOf('payments.manage')),
  'POST /billing/payment_accounts/ach': fresh(anyOf('payments.manage')),
  'PUT /billing/payment_accounts/:id': fresh(anyOf('payments.manage')),
  'DELETE /billing/payment_accounts/:id': fresh(anyOf('payments.manage')),
  // Signup order (docs/api.md "Signup order"): the visitor has no login yet.
  'POST /self_signup': PUBLIC,
  'GET /self_signup/usernames': PUBLIC,
  'GET /self_signup/pre_signup/:signupHash': PUBLIC,
  // Contacts and users (docs/api.md "Contacts and users"): contacts view to read, contacts manage
  // to change; giving or taking a login needs a fresh token. The admin_ variants: a site admin
  // acting as the customer.
  'GET /user/authorized_contacts': anyOf('contacts.view'),
  'GET /user/authorized_contact': anyOf('contacts.view'),
  'GET /user/authorized_users': anyOf('contacts.view'),
  'POST /user/authorized_contacts': anyOf('contacts.manage'),
  'PATCH /user/authorized_contacts/:contact_id': anyOf('contacts.manage'),
  'DELETE /user/authorized_contacts/:contact_id': fresh(anyOf('contacts.manage')),
  'POST /user/authorized_users': fresh(anyOf('contacts.manage')),
  'PUT /user/authorized_users/:contact_id': fresh(anyOf('contacts.manage')),
  'PATCH /user/authorized_users/:contact_id': fresh(anyOf('contacts.manage')),
  'DELETE /user/authorized_users/:contact_id': fresh(anyOf('contacts.manage')),
  'POST /user/admin_authorized_contacts': ACTING_ADMIN,
  'PATCH /user/admin_authorized_contacts/:contact_id': ACTING_ADMIN,
  'DELETE /user/admin_authorized_contacts/:contact_id': ACTING_ADMIN,
  'POST /user/admin_authorized_users': ACTING_ADMIN,
  'PUT /user/admin_authorized_users/:contact_id': ACTING_ADMIN,
  'PATCH /user/admin_authorized_users/:contact_id': ACTING_ADMIN,
  'DELETE /user/admin_authorized_users/:contact_id': ACTING_ADMIN,
  // Notices (docs/api.md "Notices"): every logged-in user reads and answers the notices meant for
  // them; site admins write them.
  'GET /notices': LOGIN,
  'GET /notices/all': LOGIN,
  'POST /notices': SITE_ADMIN,
  'POST /notices/:id/ack': LOGIN,
  'DELETE /notices/:id': LOGIN,
  // Notices authoring (docs/api.md "Notices"): the admin page's preview of the server's rendering.
  'POST /notices/preview': SITE_ADMIN,
  // Optional emails (docs/api.md "Optional emails"): an unsubscribe link works without a login.
  'POST /unsubscribe': PUBLIC,
  'GET /user/email_preferences': LOGIN,
  'PUT /user/email_preferences': LOGIN,
};
