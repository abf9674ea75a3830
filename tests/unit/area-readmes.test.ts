/**
 * Every area's folders say what lives in them (issue "One layout for every area": "A short
 * README in each area's folders: what lives here, where its rules are, which machines and
 * endpoints it owns"; docs/architecture.md "Where an area's code lives"): each folder directly
 * under machines/, src/server/, src/shared/ and src/web/features/ has a README.md. And what a
 * README names is there: a path it writes out from the project's root (`src/…`, `machines/…`,
 * `tests/…`, `docs/…`) exists, so that a file that moves cannot leave its old address behind.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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

/** Every README.md under the area homes (any depth), and the architecture document. */
function readmes(): string[] {
  const found: string[] = ['docs/architecture.md'];
  const walk = (folder: string) => {
    for (const name of readdirSync(path.join(root, folder))) {
      const relative = `${folder}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (name === 'README.md') found.push(relative);
    }
  };
  HOMES.forEach(walk);
  return found;
}

/** The paths a document writes out in code spans from the project's root (no patterns). */
function pathsNamedIn(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/`((?:src|machines|tests|docs)\/[^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[.,:;]$/, ''))
    .filter((named) => !/[*<>{}]|\.\.\./.test(named));
}

describe('what a README names', () => {
  it.each(readmes())('%s names only paths that exist', (file) => {
    const missing = pathsNamedIn(file).filter((named) => !existsSync(path.join(root, named)));
    expect(missing).toEqual([]);
  });
});
