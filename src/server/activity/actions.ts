/**
 * Which endpoints change something a customer owns, and the action each records
 * (docs/activity.md lists what each one writes). The activity middleware covers exactly these;
 * tests/api/activity.test.ts walks every one of them.
 */
import type { ActivityAction } from '#shared/activity/rules';
import type { EndpointKey } from '../session/rules.ts';

export type { ActivityAction };

export const ACTIVITY_ACTIONS: Partial<Record<EndpointKey, ActivityAction>> = {
  'POST /auth/tokens': 'login',
  'DELETE /auth/tokens': 'logout',
  'POST /auth/access_token': 'session.confirm',
  'POST /auth/mfa/totp': 'mfa.totp.start',
  'POST /auth/mfa/totp/confirm': 'mfa.totp.on',
  'DELETE /auth/mfa/totp': 'mfa.totp.off',
  'POST /auth/mfa/recovery_codes': 'mfa.recovery_codes',
  'PUT /auth/mfa/policy': 'mfa.policy',
  'DELETE /admin/users/:username/second_factor': 'mfa.reset',
  'POST /auth/mfa/webauthn/register/verify': 'mfa.passkey.add',
  'PATCH /auth/mfa/webauthn/:id': 'mfa.passkey.rename',
  'DELETE /auth/mfa/webauthn/:id': 'mfa.passkey.remove',
  'POST /admin/proxy': 'proxy.start',
  'PUT /user/info': 'account.update',
  'PUT /user/email_preferences': 'account.email_preferences',
  'POST /token/password_reset': 'password.change',
  'POST /token/update_password/:url': 'password.recover',
  'POST /billing/payments': 'billing.payment',
  'POST /billing/address': 'billing.address',
  'POST /billing/payment_accounts/card': 'payment_method.create',
  'POST /billing/payment_accounts/ach': 'payment_method.create',
  'PUT /billing/payment_accounts/:id': 'payment_method.update',
  'DELETE /billing/payment_accounts/:id': 'payment_method.delete',
  'POST /user/authorized_contacts': 'contact.create',
  'PATCH /user/authorized_contacts/:contact_id': 'contact.update',
  'DELETE /user/authorized_contacts/:contact_id': 'contact.delete',
  'POST /user/authorized_users': 'user.create',
  'PUT /user/authorized_users/:contact_id': 'user.update',
  'PATCH /user/authorized_users/:contact_id': 'user.update',
  'DELETE /user/authorized_users/:contact_id': 'user.delete',
  'POST /user/admin_authorized_contacts': 'contact.create',
  'PATCH /user/admin_authorized_contacts/:contact_id': 'contact.update',
  'DELETE /user/admin_authorized_contacts/:contact_id': 'contact.delete',
  'POST /user/admin_authorized_users': 'user.create',
  'PUT /user/admin_authorized_users/:contact_id': 'user.update',
  'PATCH /user/admin_authorized_users/:contact_id': 'user.update',
  'DELETE /user/admin_authorized_users/:contact_id': 'user.delete',
  'POST /notices/:id/ack': 'notice.ack',
  'DELETE /notices/:id': 'notice.dismiss',
  'POST /managed_vm/:iid/ssl_certs': 'managed.change',
  'DELETE /managed_vm/:iid/ssl_certs/:certId': 'managed.change',
  'POST /managed_vm/:iid/mysql_database': 'managed.change',
  'PUT /managed_vm/:iid/mysql_database/:databaseId': 'managed.change',
  'DELETE /managed_vm/:iid/mysql_database/:databaseId': 'managed.change',
  'POST /managed_vm/:iid/vhosts': 'managed.change',
  'PUT /managed_vm/:iid/vhosts/:vhostId': 'managed.change',
  'DELETE /managed_vm/:iid/vhosts/:vhostId': 'managed.change',
  'PUT /managed_vm/:iid/vhosts/:vhostId/domain_aliases': 'managed.change',
  'POST /managed_vm/:iid/ftp_users': 'managed.change',
  'PUT /managed_vm/:iid/ftp_users/:ftpId': 'managed.change',
  'DELETE /managed_vm/:iid/ftp_users/:ftpId': 'managed.change',
  'POST /managed_vm/:iid/domain_redirects': 'managed.change',
  'DELETE /managed_vm/:iid/domain_redirects/:redirectId': 'managed.change',
  'POST /managed_vm/:iid/php_settings': 'managed.change',
  'DELETE /managed_vm/:iid/php_settings/:phpKey': 'managed.change',
  'PUT /managed_vm/:iid/nginx': 'managed.change',
  'PUT /managed_vm/:iid/websites_user': 'managed.change',
  'POST /dns': 'dns.zone.create',
  'PUT /dns/:zone_id': 'dns.zone.update',
  'DELETE /dns/:zone_id': 'dns.zone.delete',
  'POST /dns/:zone_id/records/:record_type': 'dns.record.create',
  'PUT /dns/:zone_id/records/:record_type/:record_id': 'dns.record.update',
  'DELETE /dns/:zone_id/records/:record_type/:record_id': 'dns.record.delete',
  'POST /dns/:zone_id/aliases': 'dns.alias.create',
  'DELETE /dns/:zone_id/aliases/:alias_id': 'dns.alias.delete',
  'POST /dns/:zone_id/import': 'dns.import',
  'POST /servers/': 'server.create',
  'PUT /servers/:iid': 'server.update',
  'DELETE /servers/:iid': 'server.delete',
  'POST /servers/:iid/start': 'server.power',
  'POST /servers/:iid/stop': 'server.power',
  'POST /servers/:iid/force_stop': 'server.power',
  'POST /servers/:iid/:newStatus': 'server.power',
  'POST /plesk_servers': 'plesk.create',
  'POST /plesk_servers/delete': 'plesk.delete',
};

/**
 * Endpoints whose action depends on what the request asked for: the same route gives a contact a
 * login (a user added) or takes it away (a user's rights changed). The success's entry is the
 * handler's; a refused or failed request is recorded with the action its body asked for (no body,
 * or one that is not JSON: the endpoint's action).
 */
export const ACTIVITY_ACTIONS_BY_BODY: Partial<
  Record<EndpointKey, (body: unknown) => ActivityAction | undefined>
> = {
  'PUT /user/authorized_users/:contact_id': givesLogin,
  'PUT /user/admin_authorized_users/:contact_id': givesLogin,
};

function givesLogin(body: unknown): ActivityAction | undefined {
  const asked = typeof body === 'object' && body !== null && 'add_perms' in body;
  return asked && body.add_perms === true ? 'user.create' : undefined;
}
