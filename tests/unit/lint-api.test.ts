import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

async function errorsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'project/api-paths').map((m) => m.message);
}

describe('endpoint paths live in API modules, never in views', { timeout: LINT_TIMEOUT_MS }, () => {
  it.each([
    [
      'src/web/features/account/AccountPage.tsx',
      "declare const api: { get(p: string): unknown };\nexport const x = () => api.get('/user/info');",
      'the endpoint path "/user/info"',
    ],
    [
      'src/web/features/session/recovery/PasswordUpdatePage.tsx',
      'declare const api: { post(p: string): unknown };\nexport const x = (id: string) => api.post(`/token/update_password/${id}`);',
      'the endpoint path "/token/update_password/x"',
    ],
    [
      'src/web/features/session/recovery/UsernameRecoveryPage.tsx',
      'export const x = { path: "/token/username_recovery" };',
      'the endpoint path "/token/username_recovery"',
    ],
    [
      'src/web/features/session/session-actors.ts',
      "export const x = '/auth/refresh_token';",
      'the endpoint path "/auth/refresh_token"',
    ],
    [
      'src/web/features/signup/captcha/CaptchaWidget.tsx',
      "export const x = '/manage/api/v1.0/captcha/challenge';",
      'the endpoint path "/manage/api/v1.0/captcha/challenge"',
    ],
    [
      'src/web/features/signup/captcha/CaptchaWidget.tsx',
      "import { API_BASE_PATH } from '#shared/constants';\nexport const x = API_BASE_PATH;",
      'the endpoint constant API_BASE_PATH',
    ],
    [
      'src/web/features/signup/sections/X.tsx',
      "import { SIGNUP_ORDER_PATHS } from '#shared/signup/order';\nexport const x = SIGNUP_ORDER_PATHS;",
      'the endpoint constant SIGNUP_ORDER_PATHS',
    ],
  ])('flags %s: %s', async (file, code, expected) => {
    const errors = await errorsOf(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
    expect(errors[0]).toContain('api.ts');
  });

  it.each([
    [
      'src/web/features/account/api.ts',
      "declare const api: { get(p: string): unknown };\nexport const x = () => api.get('/user/info');",
    ],
    [
      'src/web/features/signup/api.ts',
      "import { SERVICEABILITY_PATHS } from '#shared/signup/serviceability';\nexport const x = SERVICEABILITY_PATHS;",
    ],
    ['src/web/api/session.ts', "export const x = '/auth/tokens';"],
    // Page paths are not endpoints, even where a page and an endpoint share a first segment.
    [
      'src/web/features/session/session-actors.ts',
      "export const x = ['/account/', '/admin/', '/mailbox/'];",
    ],
    [
      'src/web/features/x.tsx',
      "import { WEB_BASE_PATH } from '#shared/constants';\nexport const x = WEB_BASE_PATH;",
    ],
  ])('lets %s be: %s', async (file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
