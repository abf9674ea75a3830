/**
 * Every API endpoint and who may call it: one line each, `METHOD /path` as the route is
 * registered (relative to /manage/api/v1.0). The access middleware (access.ts) enforces these
 * rules before any handler runs, and tests/api/permissions.test.ts walks this table with users of
 * each kind. A route missing here answers 500, so add the line together with the route.
 */
import type { AccessRule, EndpointKey } from './rules.ts';
import { DEMO_ONLY, LOGIN, PUBLIC, SITE_ADMIN, anyOf, fresh } from './rules.ts';

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
  // Servers and services (docs/api.md "Servers", "Services"): services view to read, services
  // manage to change; the provisioning task advance is the provider's (site admins).
  'GET /servers': anyOf('services.view'),
  'GET /servers/all/count': anyOf('services.view'),
  'GET /servers/all/:sortedColumn/:sortUp': anyOf('services.view'),
  'GET /servers/:iid': anyOf('services.view'),
  'POST /servers/': anyOf('services.manage'),
  'PUT /servers/:iid': anyOf('services.manage'),
  'DELETE /servers/:iid': anyOf('services.manage'),
  'GET /servers/:iid/power_status': anyOf('services.view'),
  'POST /servers/:iid/start': anyOf('services.manage'),
  'POST /servers/:iid/stop': anyOf('services.manage'),
  'POST /servers/:iid/force_stop': anyOf('services.manage'),
  'POST /servers/:iid/:newStatus': anyOf('services.manage'),
  'GET /plesk_servers': anyOf('services.view'),
  'POST /plesk_servers': anyOf('services.manage'),
  'POST /plesk_servers/delete': anyOf('services.manage'),
  'GET /services': anyOf('services.view'),
  'GET /services/provisioning/tasks': anyOf('services.view'),
  'POST /admin/provisioning_tasks/:id/advance': SITE_ADMIN,
};
