/**
 * Mantine's sheet of default CSS variables in two parts (vite.config.ts `mantinePalettes`): the
 * first load's without the colour palettes the signup's first screen does not use, the later
 * views' with them. Together they declare what the whole sheet does, and the first screen never
 * names a palette of the later part.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { LATER_PALETTES, palettePart } from '../../vite.config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
const sheet = readFileSync(path.join(stylesDir, 'default-css-variables.css'), 'utf8');
const PALETTES = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];

/** Every declaration of a sheet as `selector { property: value }`. */
function declarations(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkDecls((declaration) => {
    const rule = declaration.parent as postcss.Rule;
    found.push(`${rule.selector} { ${declaration.prop}: ${declaration.value} }`);
  });
  return found;
}

/** The palettes a text names: colour props, `var(--mantine-color-<palette>-…)`. */
function palettesNamed(text: string): Set<string> {
  const named = new Set<string>();
  const words = [
    ...text.matchAll(/\b(?:color|c)=["'](\w+)["']/g),
    ...text.matchAll(/\b(?:color|c)=\{([^}]*)\}/g),
    ...text.matchAll(/--mantine-color-(\w+)-/g),
  ].flatMap((match) => match[1].match(/\w+/g) ?? []);
  for (const word of words) if (PALETTES.includes(word)) named.add(word);
  return named;
}

/** The web app's modules that the entry and the signup page import statically. */
function firstScreenModules(): string[] {
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
  return [...seen];
}

describe('Mantine’s default CSS variables in two parts', () => {
  const first = palettePart(sheet, 'first');
  const later = palettePart(sheet, 'later');

  it('declare together exactly what the whole sheet does, each declaration once', () => {
    const whole = declarations(sheet);
    expect(whole.length).toBeGreaterThan(400);
    expect([...declarations(first), ...declarations(later)].sort()).toEqual([...whole].sort());
  });

  it('leave the later palettes to the later part, and nothing else', () => {
    const laterPalette = new RegExp(`--mantine-color-(${LATER_PALETTES.join('|')})-[\\w-]+:`);
    expect(declarations(first).filter((d) => laterPalette.test(d))).toEqual([]);
    expect(declarations(later).filter((d) => !laterPalette.test(d))).toEqual([]);
  });

  it('come with the first load and with the later views', () => {
    const app = (file: string) => readFileSync(path.join(root, 'src/web/app', file), 'utf8');
    expect(app('mantine-styles.ts')).toContain(
      "import '@mantine/core/styles/default-css-variables.css?palettes=first';",
    );
    expect(app('mantine-styles-later.ts')).toContain(
      "import '@mantine/core/styles/default-css-variables.css?palettes=later';",
    );
  });

  it('leave out no palette the signup’s first screen names', () => {
    const modules = firstScreenModules();
    expect(modules).toContain(
      path.join(root, 'src/web/features/signup/sections/AddressSection.tsx'),
    );
    const firstSheets = [
      ...readFileSync(path.join(root, 'src/web/app/mantine-styles.ts'), 'utf8').matchAll(
        /'@mantine\/core\/styles\/([\w-]+)\.css'/g,
      ),
    ].map((match) => path.join(stylesDir, `${match[1]}.css`));
    const texts = [...modules, ...firstSheets].map((file) => readFileSync(file, 'utf8'));
    const named = new Set(texts.flatMap((text) => [...palettesNamed(text)]));
    // The first part's own references (the error, success and placeholder colours).
    for (const palette of palettesNamed(first)) named.add(palette);
    // The address step's outcomes are coloured: the search sees them.
    expect([...named]).toEqual(expect.arrayContaining(['red', 'orange', 'green', 'teal']));
    expect(LATER_PALETTES.filter((palette) => named.has(palette))).toEqual([]);
  });
});
