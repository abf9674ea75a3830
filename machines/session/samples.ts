/** Session users the session machines' path samples answer with (the demo customer and admin). */
import { emptyPerms } from '#shared/permissions';
import type { SessionUser, UserProfile } from '#shared/session/types';

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

/** The profile GET /user/profile answers for a user (the demo customer's contact information). */
export function profile(user: SessionUser): UserProfile {
  return {
    ...user,
    logged_in: true,
    info: {
      name: 'Dana Demo',
      first_name: 'Dana',
      middle_initial: '',
      last_name: 'Demo',
      business: '',
      dob: '1985-04-12',
      phone: '(801) 555-0123',
      email: 'dana@example.com',
    },
    service_address: null,
  };
}

/** Where the sample login asks to go afterwards, and where a login elsewhere goes. */
export const LOGIN_REDIRECT = '/billing/';
export const ELSEWHERE_REDIRECT = '/account/';
