import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
const first = readFileSync(path.join(root, 'src/web/app/mantine-styles.ts'), 'utf8');
const later = readFileSync(path.join(root, 'src/web/app/mantine-styles-later.ts'), 'utf8');
const listed = first + later;
const sheetsOf = (list: string) => [...list.matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every value imported from @mantine/core in the given files (all of the web app by default). */
function usedComponents(files = sourceFiles(path.join(root, 'src/web'))): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim();
        if (/^[A-Z]\w*$/.test(name)) used.add(name);
      }
    }
  }
  return used;
}

describe('Mantine stylesheets', () => {
  it('lists the sheet of every component the views use', () => {
    const missing = [...usedComponents()].filter(
      (name) =>
        existsSync(path.join(stylesDir, `${name}.css`)) &&
        !listed.includes(`'@mantine/core/styles/${name}.css'`),
    );
    expect(missing, 'add these to src/web/app/mantine-styles.ts').toEqual([]);
  });

  it('keeps the sheets of the signup’s first screen, and of the app around it, in the first load', () => {
    // The modules the entry and the signup page import statically, following relative imports.
    const seen = new Set<string>();
    const pending = ['src/web/main.tsx', 'src/web/features/signup/SignupPage.tsx'].map((file) =>
      path.join(root, file),
    );
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^import\s[^;]*?from\s*'(\.[^']+)'/gm)) {
        pending.push(path.resolve(path.dirname(file), match[1]));
      }
    }
    expect(seen.has(path.join(root, 'src/web/features/signup/sections/AddressSection.tsx'))).toBe(
      true,
    );
    const deferred = [...usedComponents([...seen].filter((f) => /\.tsx?$/.test(f)))].filter(
      (name) =>
        existsSync(path.join(stylesDir, `${name}.css`)) &&
        !first.includes(`'@mantine/core/styles/${name}.css'`),
    );
    expect(deferred, 'move these to src/web/app/mantine-styles.ts').toEqual([]);
  });

  it('loads the later sheets only with views loaded after the first screen', () => {
    const firstLoad = ['src/web/main.tsx', 'src/web/app/mantine-styles.ts'].map((file) =>
      readFileSync(path.join(root, file), 'utf8'),
    );
    expect(firstLoad.some((text) => /import\s*'[^']*mantine-styles-later/.test(text))).toBe(false);
    expect(readFileSync(path.join(root, 'src/web/app/later-styles.ts'), 'utf8')).toContain(
      "import('./mantine-styles-later.ts')",
    );
    // A sheet is in one list or the other; the default variables' two parts are two sheets.
    const parts = (list: string) =>
      [...list.matchAll(/styles\/([\w-]+\.css(?:\?[\w=]+)?)'/g)].map((m) => m[1]);
    expect(parts(first).filter((name) => parts(later).includes(name))).toEqual([]);
  });

  it('no longer pulls in the whole package sheet', () => {
    const main = readFileSync(path.join(root, 'src/web/main.tsx'), 'utf8');
    expect(main).not.toContain("'@mantine/core/styles.css'");
    expect(main).toContain("'./app/mantine-styles.ts'");
  });
});

describe('Mantine stylesheet order', () => {
  it.each([
    ['the first load', first],
    ['the later views', later],
  ])('follows the order of the package sheet in %s', (_, list) => {
    const full = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const names = sheetsOf(list);
    const positions = names.map((name) => {
      const css = readFileSync(path.join(stylesDir, `${name}.css`), 'utf8');
      const selector = /([.:\w[\]-][^{]*)\{/.exec(css)?.[1].trim().split(',')[0].trim() ?? '';
      return full.indexOf(selector);
    });
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
