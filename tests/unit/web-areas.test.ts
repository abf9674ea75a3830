/**
 * One web folder per area (issue "One layout for every area": "`src/web/features/<area>/` holding
 * all of that area's pages"; docs/architecture.md "Where an area's code lives"): what only one
 * feature uses lives in that feature's folder, not in the folders features share
 * (`src/web/components/`, `src/web/api/`), and every page folder inside an area is named in the
 * area's README.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'src/web');
const FEATURES = path.join(web, 'features');
const SHARED_FOLDERS = ['components', 'api'].map((folder) => path.join(web, folder));

/** Modules of a shared folder that one feature alone uses today, each with the reason. */
const ONE_FEATURE_YET: Record<string, string> = {
  // Plain pieces of UI, no area's rule, machine or call in them.
  'src/web/components/VisuallyHiddenStatus.tsx': 'a polite live region',
  'src/web/components/AddressLines.tsx': 'an address as on an envelope',
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each web module's relative imports (static and dynamic), resolved to files. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourcesUnder(web)) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/(?:from\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map(([, specifier]) => path.resolve(path.dirname(file), specifier))
      .filter((target) => /\.tsx?$/.test(target));
    graph.set(file, targets);
  }
  return graph;
}

/**
 * Who a module serves: the features importing it (through shared modules too), or `app` for
 * the rest of src/web (app/, shell/, pages/, the router…).
 */
function ownersOf(graph: Map<string, string[]>, module: string, seen = new Set<string>()) {
  const owners = new Set<string>();
  if (seen.has(module)) return owners;
  seen.add(module);
  for (const [importer, targets] of graph) {
    if (!targets.includes(module)) continue;
    if (importer.startsWith(`${FEATURES}/`))
      owners.add(path.relative(FEATURES, importer).split(path.sep)[0]);
    else if (SHARED_FOLDERS.some((folder) => importer.startsWith(`${folder}/`)))
      for (const owner of ownersOf(graph, importer, seen)) owners.add(owner);
    else owners.add('app');
  }
  return owners;
}

describe('one web folder per area', () => {
  const graph = importGraph();
  const shared = SHARED_FOLDERS.flatMap(sourcesUnder);

  it.each(shared.map((file) => path.relative(root, file)))(
    '%s serves more than one feature, or the app',
    (relative) => {
      const owners = [...ownersOf(graph, path.join(root, relative))];
      if (owners.length === 1 && owners[0] !== 'app' && ONE_FEATURE_YET[relative]) return;
      expect(
        owners.length === 1 && owners[0] !== 'app'
          ? `only features/${owners[0]} uses it: move it there`
          : 'shared',
      ).toBe('shared');
    },
  );

  it('keeps its list of modules still to move true', () => {
    for (const relative of Object.keys(ONE_FEATURE_YET))
      expect([...ownersOf(graph, path.join(root, relative))]).toHaveLength(1);
  });

  const pageFolders = readdirSync(FEATURES).flatMap((area) =>
    statSync(path.join(FEATURES, area)).isDirectory()
      ? readdirSync(path.join(FEATURES, area))
          .filter((name) => statSync(path.join(FEATURES, area, name)).isDirectory())
          .filter((name) => name !== 'node_modules')
          .map((name) => [area, name] as const)
      : [],
  );

  it.each(pageFolders)('features/%s/README.md names its folder %s/', (area, folder) => {
    const readme = readFileSync(path.join(FEATURES, area, 'README.md'), 'utf8');
    expect(readme).toContain(`${folder}/`);
  });
});
