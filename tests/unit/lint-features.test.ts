import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

async function errorsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'project/features-apart').map((m) => m.message);
}

describe(
  'features import each other only through the shared UI folder',
  { timeout: LINT_TIMEOUT_MS },
  () => {
    it.each([
      [
        'src/web/features/account/AccountPage.tsx',
        "import { PasswordFields } from '../signup/sections/AccountSection.tsx';",
        'features/account must not import from features/signup',
      ],
      [
        'src/web/features/signup/sections/X.tsx',
        "import { WordPicker } from '../../password-generator/PasswordGeneratorPage.tsx';",
        'features/signup must not import from features/password-generator',
      ],
      [
        'src/web/features/session/login/LoginPage.tsx',
        "export { BillingPage } from '../../billing/BillingPage.tsx';",
        'features/session must not import from features/billing',
      ],
      [
        'src/web/features/signup/SignupPage.tsx',
        "const page = () => import('../charts/ChartsPage.tsx');",
        'features/signup must not import from features/charts',
      ],
      [
        'src/web/components/X.tsx',
        "import { signupApi } from '../features/signup/api.ts';",
        'src/web/components/ must not import from a feature',
      ],
      // A page showing another area's sections is a one-way arrow: never back, never another area.
      [
        'src/web/features/people/PeopleSection.tsx',
        "import { accountApi } from '../account/api.ts';",
        'features/people must not import from features/account',
      ],
      [
        'src/web/features/account/AccountPage.tsx',
        "import { JobsPage } from '../admin/jobs/JobsPage.tsx';",
        'features/account must not import from features/admin',
      ],
      [
        'src/web/features/notices/authoring/NoticesAdmin.tsx',
        "import { adminApi } from '../../admin/api.ts';",
        'features/notices must not import from features/admin',
      ],
    ])('flags %s: %s', async (file, code, expected) => {
      const errors = await errorsOf(file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(expected);
    });

    it.each([
      [
        'src/web/features/signup/sections/X.tsx',
        "import { useRevealed } from '../reveal.tsx';\nimport { signupApi } from '../api.ts';",
      ],
      [
        'src/web/features/account/AccountPage.tsx',
        "import { PasswordFields } from '../../components/PasswordFields.tsx';\nimport { useAppServices } from '../../app/context.tsx';",
      ],
      ['src/web/components/X.tsx', "import { LoadFailure } from './LoadFailure.tsx';"],
      ['src/web/router.tsx', "const page = () => import('./features/signup/SignupPage.tsx');"],
      // Account Home shows the people area's sections (portal.md §3), the Admin tab the notices'
      // authoring (docs/architecture.md "Where an area's code lives").
      [
        'src/web/features/account/AccountPage.tsx',
        "import { PeopleSection } from '../people/PeopleSection.tsx';",
      ],
      [
        'src/web/features/admin/AdminProxyPage.tsx',
        "import { NoticesAdmin } from '../notices/authoring/NoticesAdmin.tsx';",
      ],
    ])('lets %s be: %s', async (file, code) => {
      expect(await errorsOf(file, code)).toEqual([]);
    });
  },
);
