/**
 * Models, the registry and samples never reach the app's bundle: the build fails when any chunk
 * holds one (vite.config.ts `noTestOnlyModules`); the charts page reads the generated catalogue.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noTestOnlyModules } from '../../vite.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

function generate(moduleIds: string[]) {
  const plugin = noTestOnlyModules();
  const hook = plugin.generateBundle as (
    this: { error(message: string): never },
    options: unknown,
    bundle: Record<string, unknown>,
  ) => void;
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  hook.call(
    context,
    {},
    {
      'assets/ChartsPage.js': {
        type: 'chunk',
        fileName: 'assets/ChartsPage.js',
        moduleIds: moduleIds.map((id) => path.join(root, id)),
      },
      'assets/charts.json': { type: 'asset', fileName: 'assets/charts.json' },
    },
  );
}

describe('the build refuses test-only modules', () => {
  it.each([
    'machines/signup/address.model.ts',
    'machines/registry.ts',
    'machines/registry/types.ts',
    'machines/signup/samples.ts',
    'machines/signup/order-samples.ts',
    'machines/session/samples.ts',
  ])('fails the build when a chunk holds %s', (id) => {
    expect(() => generate(['src/web/features/charts/ChartsPage.tsx', id])).toThrow(
      `assets/ChartsPage.js: ${id}`,
    );
  });

  it('lets the app, its machines and the chart helpers be', () => {
    expect(() =>
      generate([
        'src/web/features/charts/ChartsPage.tsx',
        'machines/charts/catalogue.ts',
        'machines/charts/model.ts',
        'machines/signup/address.machine.ts',
        'machines/session/loader.machine.ts',
      ]),
    ).not.toThrow();
  });
});
