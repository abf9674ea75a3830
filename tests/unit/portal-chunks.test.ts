/**
 * The portal's chunks (vite.config.ts `portalChunks`, docs/performance.md): a page after a login
 * loads its area's chunk, its area's API chunk, the chunk of what areas share and the chunks of
 * what it shares with public pages, while the login page and the public pages load none of the
 * portal's code. Run on a small module graph as the bundler hands it over.
 */
import { describe, expect, it } from 'vitest';
import { portalChunkOf, portalChunks } from '../../vite.config.ts';

const web = '/app/src/web';
const mantine = '/app/node_modules/@mantine/core/esm';

interface Module {
  code?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** The app's modules: each app module's code imports what it names, as in the source. */
const graph: Record<string, Module> = {
  [`${web}/main.tsx`]: { isEntry: true, imports: [`${web}/router.tsx`] },
  [`${web}/router.tsx`]: {
    dynamicImports: [
      `${web}/portal-pages.ts`,
      `${web}/features/session/login/LoginPage.tsx`,
      `${web}/features/signup/SignupPage.tsx`,
      `${web}/features/session/recovery/PasswordUpdatePage.tsx`,
    ],
  },
  [`${web}/features/session/login/LoginPage.tsx`]: {
    imports: [`${web}/components/FormTextField.tsx`],
  },
  [`${web}/features/signup/SignupPage.tsx`]: {
    dynamicImports: [`${web}/features/signup/sections/SpeedSection.tsx`],
  },
  [`${web}/features/signup/sections/SpeedSection.tsx`]: {
    code: "import { Badge } from '@mantine/core';\nimport './../../../components/MaskedInput.tsx';",
    imports: [`${mantine}/index.mjs`, `${web}/components/MaskedInput.tsx`],
  },
  [`${web}/features/session/recovery/PasswordUpdatePage.tsx`]: {
    imports: [`${web}/components/PasswordFields.tsx`],
  },
  [`${web}/portal-pages.ts`]: {
    dynamicImports: [
      `${web}/features/account/AccountPage.tsx`,
      `${web}/features/billing/BillingPage.tsx`,
      `${web}/features/account/api.ts`,
    ],
  },
  [`${web}/features/account/AccountPage.tsx`]: {
    code: "import { Table } from '@mantine/core';",
    imports: [
      `${mantine}/index.mjs`,
      `${web}/features/account/api.ts`,
      `${web}/components/PanelSection.tsx`,
      `${web}/components/FormTextField.tsx`,
      `${web}/components/MaskedInput.tsx`,
      `${web}/components/PasswordFields.tsx`,
    ],
  },
  [`${web}/features/account/api.ts`]: { imports: [`${web}/features/account/api-paths.ts`] },
  [`${web}/features/billing/BillingPage.tsx`]: {
    imports: [`${web}/components/PanelSection.tsx`, `${web}/features/billing/Summary.tsx`],
  },
  [`${mantine}/index.mjs`]: {
    code: [
      "import { Table } from './components/Table/Table.mjs';",
      "import { Badge } from './components/Badge/Badge.mjs';",
      'export { Badge, Table };',
    ].join('\n'),
    imports: [`${mantine}/components/Table/Table.mjs`, `${mantine}/components/Badge/Badge.mjs`],
  },
  [`${mantine}/components/Table/Table.mjs`]: {},
  [`${mantine}/components/Badge/Badge.mjs`]: {},
  [`${web}/components/FormTextField.tsx`]: {},
  [`${web}/components/PanelSection.tsx`]: {},
  [`${web}/components/MaskedInput.tsx`]: {},
  [`${web}/components/PasswordFields.tsx`]: {},
  [`${web}/features/account/api-paths.ts`]: {},
  [`${web}/features/billing/Summary.tsx`]: {},
};

function split(modules: Record<string, Module>) {
  const ids = Object.keys(modules);
  const context = {
    getModuleIds: () => ids[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = modules[id];
      if (!module) return null;
      return {
        id,
        code: module.code ?? '',
        isEntry: module.isEntry ?? false,
        importedIds: module.imports ?? [],
        dynamicallyImportedIds: module.dynamicImports ?? [],
        importers: ids.filter((other) => modules[other].imports?.includes(id)),
      };
    },
  };
  (portalChunks().buildEnd as (this: typeof context) => void).call(context);
  return (id: string) => portalChunkOf(id);
}

describe('the portal pages’ chunks', () => {
  const chunkOf = split(graph);

  it('gives each area its pages and what only they use, and its API modules apart', () => {
    expect(chunkOf(`${web}/features/account/AccountPage.tsx`)).toBe('portal-account');
    expect(chunkOf(`${web}/features/billing/Summary.tsx`)).toBe('portal-billing');
    expect(chunkOf(`${web}/features/account/api.ts`)).toBe('portal-account-data');
    expect(chunkOf(`${web}/features/account/api-paths.ts`)).toBe('portal-account-data');
  });

  it('puts what two areas use in one chunk', () => {
    expect(chunkOf(`${web}/components/PanelSection.tsx`)).toBe('portal-shared');
  });

  it('follows the names a page imports from an index module, not the whole package', () => {
    expect(chunkOf(`${mantine}/components/Table/Table.mjs`)).toBe('portal-account');
    // The signup's badge is no portal code: the account page imports only the table.
    expect(chunkOf(`${mantine}/components/Badge/Badge.mjs`)).toBeUndefined();
  });

  it('gives what a portal page shares with public pages one chunk per set of those pages', () => {
    const withSignup = chunkOf(`${web}/components/MaskedInput.tsx`);
    const withPasswordUpdate = chunkOf(`${web}/components/PasswordFields.tsx`);
    expect(withSignup).toMatch(/^portal-later-/);
    expect(withPasswordUpdate).toMatch(/^portal-later-/);
    expect(withSignup).not.toBe(withPasswordUpdate);
  });

  it('leaves what the login page loads to the bundler', () => {
    expect(chunkOf(`${web}/components/FormTextField.tsx`)).toBeUndefined();
    expect(chunkOf(`${web}/features/session/login/LoginPage.tsx`)).toBeUndefined();
  });
});
