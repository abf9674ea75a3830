/**
 * Arrows run one way (docs/architecture.md "Where an area's code lives"): no module of src/ or
 * machines/ reaches itself again through its imports, type-only imports included, since a circle
 * of types is a circle of meaning too. Each circle found is named file by file, so that the module
 * to split is plain. Imports are read as text: `import … from`, `export … from` and `import()`,
 * with the project's aliases (`#shared/*`, `#machines/*`) resolved as package.json resolves them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['src', 'machines'];
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sources(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(path.join(root, folder))) {
      const relative = `${folder}/${name}`;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(relative);
    }
  };
  ROOTS.forEach(walk);
  return found;
}

/** The project file an import names, or null for a package or a file outside src/ and machines/. */
export function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#shared/')) target = `src/shared/${specifier.slice(8)}`;
  else if (specifier.startsWith('#machines/')) target = `machines/${specifier.slice(10)}`;
  else if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (SOURCE.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/** Strongly connected groups of more than one module (Tarjan), each sorted by name. */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1]!))
      .filter((target): target is string => target !== null && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

describe('import circles', () => {
  it('finds a circle of three and leaves a chain alone (the check itself)', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      circlesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the aliases and relative imports as the project resolves them', () => {
    expect(resolveImport('machines/signup/x.ts', '#shared/signup/order')).toBe(
      'src/shared/signup/order.ts',
    );
    expect(resolveImport('src/web/router.tsx', './features/signup/SignupPage.tsx')).toBe(
      'src/web/features/signup/SignupPage.tsx',
    );
    expect(resolveImport('src/web/router.tsx', 'xstate')).toBeNull();
  });

  it('no module of src/ or machines/ imports itself again through others', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(circlesOf(graph)).toEqual([]);
  });
});
