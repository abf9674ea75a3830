import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEngines, ENGINE_EXCEPTIONS } from '../../tests/tools/check-engines.ts';
import { formatVersion, representativeVersions, satisfies } from '../../tests/tools/node-range.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SUPPORTED = '^20.19.0 || ^22.13.0 || >=24.0.0';

describe('Node.js version ranges (npm semantics)', () => {
  it.each([
    // [version, range, expected]
    ['20.19.0', '>=20.19', true],
    ['20.18.9', '>=20.19', false],
    ['22.0.0', '>=22', true],
    ['20.19.0', '>=22', false],
    ['22.12.0', '^20.19.0 || >=22.12.0', true],
    ['21.0.0', '^20.19.0 || ^22.12.0', false],
    ['22.12.0', '^20.19.0 || ^22.13.0 || >=23.5.0', false],
    ['23.5.0', '^20.19.0 || ^22.13.0 || >=23.5.0', true],
    ['24.0.0', '^20.0.0 || ^22.0.0', false],
    ['20.5.1', '20 || >=22', true],
    ['21.9.0', '20 || >=22', false],
    ['20.99.0', '20.x', true],
    ['19.0.0', '>= 10.x', true],
    ['9.9.9', '>= 10.x', false],
    ['24.1.0', '*', true],
    ['18.5.0', '~18.5.0', true],
    ['18.6.0', '~18.5.0', false],
    ['18.6.0', '~18', true],
    ['14.0.0', '12 - 14', true],
    ['15.0.0', '12 - 14', false],
    ['14.2.0', '12.0.0 - 14.1.9', false],
    ['16.0.0', '>=12 <16', false],
    ['15.9.9', '>=12 <16', true],
    ['16.0.0', '> = 10', true],
    ['12.22.7', '>=v12.22.7', true],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['20.0.0', '>18', true],
    ['18.9.0', '>18', false],
    ['20.0.0', '<=20', true],
    ['20.9.0', '<=20', true],
    ['21.0.0', '<=20', false],
  ] as const)('%s in "%s" is %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses pre-release ranges and nonsense rather than guessing', () => {
    expect(() => satisfies('20.0.0', '>=20.0.0-rc.1')).toThrow(/pre-release/);
    expect(() => satisfies('20.0.0', 'latest')).toThrow();
  });

  it('stands for the supported range by the first and any later release of each line', () => {
    expect(representativeVersions(SUPPORTED).map(formatVersion)).toEqual([
      '20.19.0',
      '20.999.999',
      '22.13.0',
      '22.999.999',
      '24.0.0',
      '24.999.999',
    ]);
  });
});

describe('engines check', () => {
  const lock = (engines: Record<string, string | undefined>) => ({
    packages: {
      '': {},
      ...Object.fromEntries(
        Object.entries(engines).map(([location, node]) => [
          location,
          node === undefined ? {} : { engines: { node } },
        ]),
      ),
    },
  });

  it('fails a package that leaves out a supported version, and names the version', () => {
    const { problems } = checkEngines(
      lock({
        'node_modules/fine': '^20.19.0 || >=22.12.0',
        'node_modules/undeclared': undefined,
        'node_modules/a/node_modules/@scope/needs-22': '>=22',
        'node_modules/no-24': '^20.0.0 || ^22.0.0',
      }),
      SUPPORTED,
      {},
    );
    expect(problems.map((problem) => [problem.name, problem.excluded])).toEqual([
      ['@scope/needs-22', ['20.19.0', '20.999.999']],
      ['no-24', ['24.0.0', '24.999.999']],
    ]);
  });

  it('lets through a listed exception only for the range its reason was written for', () => {
    const exceptions = { ky: { range: '>=22', reason: 'works on 20' } };
    const allowed = checkEngines(lock({ 'node_modules/ky': '>=22' }), SUPPORTED, exceptions);
    expect(allowed.problems).toEqual([]);
    expect(allowed.excepted.map((problem) => problem.name)).toEqual(['ky']);
    const changed = checkEngines(lock({ 'node_modules/ky': '>=24' }), SUPPORTED, exceptions);
    expect(changed.problems.map((problem) => problem.name)).toEqual(['ky']);
  });

  it('passes the installed packages against package.json engines, each exception with a reason', () => {
    const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const installed = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(own.engines.node).toBe(SUPPORTED);
    expect(checkEngines(installed, own.engines.node).problems).toEqual([]);
    for (const exception of Object.values(ENGINE_EXCEPTIONS)) {
      expect(exception.reason.length).toBeGreaterThan(40);
    }
  });
});
