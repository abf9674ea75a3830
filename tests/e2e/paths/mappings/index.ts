/**
 * Every machine walked in the browser, one mapping module each (see ../runner.ts).
 * Add a line here when a machine's views exist.
 */
import { accountMapping } from '../../signup/account-mapping.ts';
import { signupMapping } from '../../signup/path-mapping.ts';
import { usernameMapping } from '../../signup/username-mapping.ts';
import type { BrowserMapping } from '../runner.ts';
import { formMapping } from './form.ts';
import { passgenMapping } from './passgen.ts';
import { sessionMapping } from './session.ts';
import { themeMapping } from './theme.ts';

export const BROWSER_MAPPINGS: readonly BrowserMapping[] = [
  themeMapping,
  sessionMapping,
  signupMapping,
  passgenMapping,
  usernameMapping,
  accountMapping,
  formMapping,
];
