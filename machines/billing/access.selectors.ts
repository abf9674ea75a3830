/**
 * What the logged-in user may do on the Billing page (portal.md "/billing"), from the session: a
 * user with payments manage pays, changes autopay and reaches the payment methods; anyone else
 * reads the page.
 */
import { hasPermission } from '#shared/permissions';
import { selectUser, type SessionSnapshot } from '../session/session.selectors.ts';

export function selectCanManagePayments(snapshot: SessionSnapshot): boolean {
  return hasPermission(selectUser(snapshot)?.perms, 'payments.manage');
}
