/**
 * Every machine walked in the browser, one mapping module each (see ../runner.ts).
 * Add a line here when a machine's views exist.
 */
import { signupMapping } from '../../signup/path-mapping.ts';
import { checkoutMapping } from '../../signup/checkout-mapping.ts';
import { paymentMapping } from '../../signup/payment-mapping.ts';
import { prefilledMapping } from '../../signup/prefilled-mapping.ts';
import type { BrowserMapping } from '../runner.ts';
import { sessionMapping } from './session.ts';
import { themeMapping } from './theme.ts';

export const BROWSER_MAPPINGS: readonly BrowserMapping[] = [
  themeMapping,
  sessionMapping,
  signupMapping,
  paymentMapping,
  checkoutMapping,
  prefilledMapping,
];
