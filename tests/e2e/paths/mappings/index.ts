/**
 * Every machine walked in the browser, one mapping module each (see ../runner.ts).
 * Add a line here when a machine's views exist.
 */
import { signupMapping } from '../../signup/path-mapping.ts';
import type { BrowserMapping } from '../runner.ts';
import { adminProxyMapping } from './admin-proxy.ts';
import { loaderMapping } from './loader.ts';
import { notificationsMapping } from './notifications.ts';
import { passwordUpdateMapping } from './password-update.ts';
import { routeGateMapping } from './route-gate.ts';
import { sessionMapping } from './session.ts';
import { themeMapping } from './theme.ts';

export const BROWSER_MAPPINGS: readonly BrowserMapping[] = [
  themeMapping,
  sessionMapping,
  signupMapping,
  loaderMapping,
  adminProxyMapping,
  passwordUpdateMapping,
  notificationsMapping,
  routeGateMapping,
];
