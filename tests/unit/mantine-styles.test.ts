import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
const listed = readFileSync(path.join(root, 'src/web/app/mantine-styles.ts'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every value imported from @mantine/core anywhere in the web app. */
function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src/web'))) {
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

  it('no longer pulls in the whole package sheet', () => {
    const main = readFileSync(path.join(root, 'src/web/main.tsx'), 'utf8');
    expect(main).not.toContain("'@mantine/core/styles.css'");
    expect(main).toContain("'./app/mantine-styles.ts'");
  });
});

describe('Mantine stylesheet order', () => {
  it('follows the order of the package sheet', () => {
    const full = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const names = [...listed.matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1]);
    const positions = names.map((name) => {
      const css = readFileSync(path.join(stylesDir, `${name}.css`), 'utf8');
      const selector = /([.:\w[\]-][^{]*)\{/.exec(css)?.[1].trim().split(',')[0].trim() ?? '';
      return full.indexOf(selector);
    });
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
