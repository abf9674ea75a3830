/** Every API module, registered under the API base path. Capabilities add a line here. */
import type { Hono } from 'hono';
import { registerActivityRecording } from '../activity/record.ts';
import { registerActivityRoutes } from '../activity/routes.ts';
import { registerAccessControl } from '../session/access.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { registerAdminRoutes } from '../session/admin-routes.ts';
import { registerAdminJobRoutes } from '../jobs/routes.ts';
import { registerAuthRoutes } from '../session/routes.ts';
import { registerBillingRoutes } from '../billing/routes.ts';
import { registerBillingUrlRoutes } from '../billing/processors/routes.ts';
import { registerClientErrorRoutes } from './client-errors.ts';
import { registerCaptchaRoutes } from '../signup/captcha/routes.ts';
import { registerConnectivityRoutes } from '../signup/serviceability/connectivity-routes.ts';
import { registerCsrfRoutes } from './csrf.ts';
import { registerDnsRoutes } from '../dns/routes.ts';
import { registerHealthRoutes } from './health.ts';
import { registerMailboxRoutes } from '../mail/mailbox-routes.ts';
import { registerManagedVmRoutes } from '../managed/routes.ts';
import { registerMfaRoutes } from '../session/mfa-routes.ts';
import { registerPassgenRoutes } from '../signup/orders/passgen-routes.ts';
import { registerPermsRoutes } from '../session/perms-routes.ts';
import { registerNoticeRoutes } from '../notices/routes.ts';
import { registerPeopleRoutes } from '../people/routes.ts';
import { registerSelfSignupAddressRoutes } from '../signup/serviceability/routes.ts';
import { registerSelfSignupRoutes } from '../signup/orders/routes.ts';
import { registerServersRoutes } from '../servers/routes.ts';
import { registerServicesRoutes } from '../services/routes.ts';
import { registerTokenRoutes } from '../session/token-routes.ts';
import { registerUnsubscribeRoutes } from '../mail/routes.ts';
import { registerUserRoutes } from '../session/user-routes.ts';

export type ApiModule = (api: Hono<AppEnv>, deps: AppDeps) => void;

export const API_MODULES: readonly ApiModule[] = [
  // First: the activity log records every change, refused ones too (src/server/activity/).
  registerActivityRecording,
  // Then: every endpoint's access rule (src/server/session/endpoints.ts) is enforced before it runs.
  registerAccessControl,
  registerHealthRoutes,
  registerCsrfRoutes,
  registerClientErrorRoutes,
  registerAuthRoutes,
  registerMfaRoutes,
  registerUserRoutes,
  registerPermsRoutes,
  registerTokenRoutes,
  registerPassgenRoutes,
  registerAdminRoutes,
  registerAdminJobRoutes,
  registerMailboxRoutes,
  registerSelfSignupAddressRoutes,
  registerConnectivityRoutes,
  registerCaptchaRoutes,
  registerBillingUrlRoutes,
  registerBillingRoutes,
  registerSelfSignupRoutes,
  registerPeopleRoutes,
  registerNoticeRoutes,
  registerManagedVmRoutes,
  registerDnsRoutes,
  registerServersRoutes,
  registerServicesRoutes,
  registerUnsubscribeRoutes,
  registerActivityRoutes,
];
