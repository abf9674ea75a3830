/**
 * Every area's folders say what lives in them (issue "One layout for every area": "A short
 * README in each area's folders: what lives here, where its rules are, which machines and
 * endpoints it owns"; docs/architecture.md "Where an area's code lives"): each folder directly
 * under machines/, src/server/, src/shared/ and src/web/features/ has a README.md.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const HOMES = ['machines', 'src/server', 'src/shared', 'src/web/features'];

function areaFolders(): string[] {
  return HOMES.flatMap((home) =>
    readdirSync(path.join(root, home))
      .filter((name) => statSync(path.join(root, home, name)).isDirectory())
      .map((name) => `${home}/${name}`),
  );
}

describe('area READMEs', () => {
  it.each(areaFolders())('%s has a README.md', (folder) => {
    expect(existsSync(path.join(root, folder, 'README.md'))).toBe(true);
  });
});
