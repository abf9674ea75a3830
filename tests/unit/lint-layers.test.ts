import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'project/layers').map((m) => m.message);
}

describe('the import rule between layers', { timeout: LINT_TIMEOUT_MS }, () => {
  it.each([
    [
      'src/web/features/x.ts',
      "import { createApp } from '../../server/app.ts';",
      'web must not import from server',
    ],
    [
      'src/server/routes/x.ts',
      "import { router } from '../../web/router.tsx';",
      'server must not import from web',
    ],
    [
      'src/shared/x.ts',
      "import { startServer } from '../server/main.ts';",
      'shared must not import from server',
    ],
    [
      'src/shared/x.ts',
      "import { SearchModal } from '../web/shell/SearchModal.tsx';",
      'shared must not import from web',
    ],
    [
      'machines/shell/x.ts',
      "import { createApiClient } from '../../src/web/api/client.ts';",
      'machines must not import from web',
    ],
    [
      'machines/shell/x.ts',
      "export * from '../../src/server/config.ts';",
      'machines must not import from server',
    ],
    [
      'src/shared/x.ts',
      "import { themeMachine } from '#machines/shell/theme.machine';",
      'shared must not import from machines',
    ],
    [
      'src/server/x.ts',
      "const m = await import('#machines/shell/theme.machine');",
      'server must not import from machines',
    ],
    ['machines/shell/x.ts', "import { useState } from 'react';", 'machines must stay free of UI'],
    ['src/shared/x.ts', "import ky from 'ky';", 'shared must stay free of UI'],
  ])('flags %s importing across the rule: %s', async (file, code, expected) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['src/web/features/x.ts', "import { TIMERS } from '#shared/constants';"],
    ['src/web/features/x.ts', "import { themeMachine } from '#machines/shell/theme.machine';"],
    ['src/server/routes/x.ts', "import { ROUTES } from '../../shared/routes.ts';"],
    [
      'machines/shell/x.ts',
      "import { TIMERS } from '#shared/constants';\nimport { setup } from 'xstate';",
    ],
    ['src/shared/x.ts', "import * as v from 'valibot';"],
  ])('lets %s import what it may: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
