/**
 * Every API endpoint and who may call it: one line each, `METHOD /path` as the route is
 * registered (relative to /manage/api/v1.0). The access middleware (access.ts) enforces these
 * rules before any handler runs, and tests/api/permissions.test.ts walks this table with users of
 * each kind. A route missing here answers 500, so add the line together with the route.
 */
import { COSTLY_LIMITS, type CostlyLimit } from './rate-limit.ts';
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
  // Second factor (docs/api.md "Second factor"): a login's own factor, changed with a fresh token
  // (turning it off and new recovery codes also take a current code); the customer's rule is its
  // primary admin's (checked by the handler: 403 `Primary admin only`); the reset is a site admin's.
  'GET /auth/mfa': LOGIN,
  'POST /auth/mfa/totp': fresh(LOGIN),
  'POST /auth/mfa/totp/confirm': fresh(LOGIN),
  'DELETE /auth/mfa/totp': fresh(LOGIN),
  'POST /auth/mfa/recovery_codes': fresh(LOGIN),
  'GET /auth/mfa/users': LOGIN,
  'PUT /auth/mfa/policy': fresh(LOGIN),
  'GET /admin/users/:username/second_factor': SITE_ADMIN,
  'DELETE /admin/users/:username/second_factor': fresh(SITE_ADMIN),
  // Passkeys (docs/api.md "Passkeys"): the login's own; adding and removing need a fresh token
  // (removing the last passkey also an assertion of it, checked by the handler).
  'GET /auth/mfa/webauthn': LOGIN,
  'POST /auth/mfa/webauthn/register/options': fresh(LOGIN),
  'POST /auth/mfa/webauthn/register/verify': fresh(LOGIN),
  'POST /auth/mfa/webauthn/authenticate/options': LOGIN,
  'PATCH /auth/mfa/webauthn/:id': LOGIN,
  'DELETE /auth/mfa/webauthn/:id': fresh(LOGIN),
  'GET /user/profile': LOGIN,
  'GET /user/info': anyOf('account.view'),
  'PUT /user/info': anyOf('account.manage'),
  // Activity log (docs/activity.md): whose entries a caller sees is the handler's rule.
  'GET /activity': LOGIN,
  'GET /perms/schema': LOGIN,
  'POST /token/password_reset': fresh(LOGIN),
  'POST /token/username_recovery': PUBLIC,
  'POST /token/password_recovery': PUBLIC,
  'POST /token/update_password/:url': PUBLIC,
  'GET /passgen/:count': PUBLIC,
  'GET /admin/customers': SITE_ADMIN,
  'POST /admin/proxy': SITE_ADMIN,
  // The Jobs page (docs/api.md "Jobs"): counts, failures and progress; a dead job's retry.
  'GET /admin/jobs': SITE_ADMIN,
  'POST /admin/jobs/:kind/dead/:id/retry': SITE_ADMIN,
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
  // Managed hosting (docs/api.md "Managed hosting"): a managed server of the caller's customer;
  // services view to read, services manage to change.
  'GET /managed_vm/:iid/ssl_certs': anyOf('services.view'),
  'POST /managed_vm/:iid/ssl_certs': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/ssl_certs/:certId': anyOf('services.manage'),
  'GET /managed_vm/:iid/mysql_database': anyOf('services.view'),
  'POST /managed_vm/:iid/mysql_database': anyOf('services.manage'),
  'PUT /managed_vm/:iid/mysql_database/:databaseId': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/mysql_database/:databaseId': anyOf('services.manage'),
  'GET /managed_vm/:iid/vhosts': anyOf('services.view'),
  'POST /managed_vm/:iid/vhosts': anyOf('services.manage'),
  'PUT /managed_vm/:iid/vhosts/:vhostId': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/vhosts/:vhostId': anyOf('services.manage'),
  'PUT /managed_vm/:iid/vhosts/:vhostId/domain_aliases': anyOf('services.manage'),
  'GET /managed_vm/:iid/ftp_users': anyOf('services.view'),
  'POST /managed_vm/:iid/ftp_users': anyOf('services.manage'),
  'PUT /managed_vm/:iid/ftp_users/:ftpId': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/ftp_users/:ftpId': anyOf('services.manage'),
  'GET /managed_vm/:iid/domain_redirects': anyOf('services.view'),
  'POST /managed_vm/:iid/domain_redirects': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/domain_redirects/:redirectId': anyOf('services.manage'),
  'GET /managed_vm/:iid/php_settings': anyOf('services.view'),
  'POST /managed_vm/:iid/php_settings': anyOf('services.manage'),
  'DELETE /managed_vm/:iid/php_settings/:phpKey': anyOf('services.manage'),
  'GET /managed_vm/:iid/nginx': anyOf('services.view'),
  'PUT /managed_vm/:iid/nginx': anyOf('services.manage'),
  'PUT /managed_vm/:iid/websites_user': anyOf('services.manage'),
  'GET /managed_vm/:iid/configuration': anyOf('services.view'),
  // DNS (docs/api.md "DNS"): services view to read, services manage to change.
  'GET /dns': anyOf('services.view'),
  'POST /dns': anyOf('services.manage'),
  'PUT /dns/:zone_id': anyOf('services.manage'),
  'DELETE /dns/:zone_id': anyOf('services.manage'),
  'GET /dns/:zone_id/records': anyOf('services.view'),
  'POST /dns/:zone_id/records/:record_type': anyOf('services.manage'),
  'PUT /dns/:zone_id/records/:record_type/:record_id': anyOf('services.manage'),
  'DELETE /dns/:zone_id/records/:record_type/:record_id': anyOf('services.manage'),
  'POST /dns/:zone_id/aliases': anyOf('services.manage'),
  'DELETE /dns/:zone_id/aliases/:alias_id': anyOf('services.manage'),
  'GET /dns/:zone_id/export': anyOf('services.view'),
  'POST /dns/:zone_id/import': anyOf('services.manage'),
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
  // Notices authoring (docs/api.md "Notices"): the admin page's preview of the server's rendering,
  // the notices published with their counts, editing one not yet started, withdrawing one.
  'POST /notices/preview': SITE_ADMIN,
  'GET /notices/published': SITE_ADMIN,
  'PUT /notices/:id': SITE_ADMIN,
  'POST /notices/:id/withdraw': SITE_ADMIN,
  // Optional emails (docs/api.md "Optional emails"): an unsubscribe link works without a login.
  'POST /unsubscribe': PUBLIC,
  'GET /user/email_preferences': LOGIN,
  'PUT /user/email_preferences': LOGIN,
};

/**
 * The costly endpoints (docs/api.md "Rate limits"): each call counts against the calling user's
 * and its customer's limits of its kind, after its access rule holds and before its handler runs;
 * one over either limit answers 429 with Retry-After. Every endpoint that renders a PDF, exports
 * or imports a zone file, or has the host agent check a new nginx configuration (`nginx -t`: every
 * managed hosting change) is here; tests/api/costly-limits.test.ts holds the table to that.
 */
export const ENDPOINT_LIMITS: Readonly<Partial<Record<EndpointKey, CostlyLimit>>> = {
  'GET /billing/bills/:id/pdf': COSTLY_LIMITS.pdf,
  'GET /billing/payments/:id/pdf': COSTLY_LIMITS.pdf,
  'GET /dns/:zone_id/export': COSTLY_LIMITS.zoneExport,
  'POST /dns/:zone_id/import': COSTLY_LIMITS.zoneImport,
  'POST /managed_vm/:iid/ssl_certs': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/ssl_certs/:certId': COSTLY_LIMITS.hostingChange,
  'POST /managed_vm/:iid/mysql_database': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/mysql_database/:databaseId': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/mysql_database/:databaseId': COSTLY_LIMITS.hostingChange,
  'POST /managed_vm/:iid/vhosts': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/vhosts/:vhostId': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/vhosts/:vhostId': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/vhosts/:vhostId/domain_aliases': COSTLY_LIMITS.hostingChange,
  'POST /managed_vm/:iid/ftp_users': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/ftp_users/:ftpId': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/ftp_users/:ftpId': COSTLY_LIMITS.hostingChange,
  'POST /managed_vm/:iid/domain_redirects': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/domain_redirects/:redirectId': COSTLY_LIMITS.hostingChange,
  'POST /managed_vm/:iid/php_settings': COSTLY_LIMITS.hostingChange,
  'DELETE /managed_vm/:iid/php_settings/:phpKey': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/nginx': COSTLY_LIMITS.hostingChange,
  'PUT /managed_vm/:iid/websites_user': COSTLY_LIMITS.hostingChange,
};
