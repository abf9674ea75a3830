/** Session users the session machines' path samples answer with (the demo customer and admin). */
import { emptyPerms } from '#shared/permissions';
import type { SessionUser } from '#shared/session';

export const DEMO_USER: SessionUser = {
  username: 'demo',
  cid: 1001,
  perms: emptyPerms(),
  site_admin: false,
  primary_admin: true,
  proxy: null,
};

/** The demo customer while the site admin acts as them. */
export const DEMO_USER_AS_ADMIN: SessionUser = { ...DEMO_USER, proxy: { admin_username: 'admin' } };
