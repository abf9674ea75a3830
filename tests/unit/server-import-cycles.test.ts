/**
 * The server's modules import one way: no module of src/server reaches itself again through its
 * relative imports (a cycle loads one side half-initialised, depending on which is imported first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../src/server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of a file (values and types alike: `import type` cycles still tangle). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    found.push(path.resolve(path.dirname(file), match[1]!));
  }
  return found;
}

function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('server imports', () => {
  it('run one way: no module reaches itself again', () => {
    // The seed steps import the step's shape from db/seed-step.ts, not the list that imports them.
    expect(findCycles(sourceFiles(root))).toEqual([]);
  });
});
