/**
 * The signup wizard is composed in machines/signup/signup.machine.ts from one file per region of
 * `ordering` (machines/signup/wizard/regions/<region>.ts), and machines/signup/README.md says what
 * each file of the folder is for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signupMachine } from '../../machines/signup/signup.machine.ts';
import { waitingForAnAddress } from '../../machines/signup/wizard/waiting-for-an-address.ts';

const folder = path.resolve(import.meta.dirname, '../../machines/signup');
const regionsFolder = path.join(folder, 'wizard/regions');

/** `order sections` lives in `order-sections.ts`. */
function fileOf(region: string): string {
  return `${region.replaceAll(' ', '-')}.ts`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('the signup machine and its files', () => {
  const ordering = signupMachine.root.states.ordering;
  const regions = Object.keys(ordering.states);

  it('takes every region of ordering from its own file, exported as it is', async () => {
    expect(ordering.type).toBe('parallel');
    for (const region of regions) {
      const module = (await import(path.join(regionsFolder, fileOf(region)))) as Record<
        string,
        unknown
      >;
      const exported = Object.values(module);
      expect(exported, `${fileOf(region)} exports one region`).toHaveLength(1);
      expect(ordering.states[region].config, `region ${region}`).toBe(exported[0]);
    }
  });

  it('has no region file that ordering does not use', () => {
    expect(readdirSync(regionsFolder).sort()).toEqual(regions.map(fileOf).sort());
  });

  it('takes the first state from its own file', () => {
    expect(signupMachine.root.states['waiting for an address'].config).toBe(waitingForAnAddress);
  });

  it("has every file of machines/signup named in the folder's README", () => {
    const readme = readFileSync(path.join(folder, 'README.md'), 'utf8');
    const unnamed = filesUnder(folder).filter((file) => {
      if (file === 'README.md') return false;
      // A section machine's files may be named together: `address.*.ts`.
      const machine = `\`${file.split('.')[0]}.*.ts\``;
      return !readme.includes(`\`${file}\``) && !readme.includes(machine);
    });
    expect(unnamed).toEqual([]);
  });
});
