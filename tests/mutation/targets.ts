/**
 * Which generated path tests can see a mutant of a file. A machine's definition is built when its
 * module loads, so nearly every mutant of a machine is "static": Stryker reloads the tests for
 * each one and cannot tell which tests cover it, so it runs them all. The path tests of a machine
 * can only notice a mutant in a file that its registration (`<name>.model.ts`) imports, directly
 * or not; so the mutation run is split into groups of files with the same registry entries, and
 * each group runs only those entries' path tests (`PATH_MACHINES`, read by
 * tests/machines/paths.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MACHINES } from '../../machines/registry.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Files a module imports, resolved to repository paths (packages left out). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[1] ?? match[2];
    let target: string | undefined;
    if (specifier.startsWith('.')) target = path.join(path.dirname(file), specifier);
    else if (specifier.startsWith('#shared/'))
      target = path.join('src/shared', specifier.slice('#shared/'.length));
    else if (specifier.startsWith('#machines/'))
      target = path.join('machines', specifier.slice('#machines/'.length));
    if (!target) continue;
    const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
    const resolved = candidates.find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate)),
    );
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Every file a module reaches through its imports, itself included. */
export function reachableFrom(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...importsOf(next));
  }
  return seen;
}

/** The registry's entries by the model file that defines them. */
async function entriesByModelFile(): Promise<Map<string, string[]>> {
  const registry = readFileSync(path.join(root, 'machines/registry.ts'), 'utf8');
  const modelFiles = [...registry.matchAll(/from '\.\/([^']+\.model\.ts)'/g)].map((m) =>
    path.join('machines', m[1]),
  );
  const byFile = new Map<string, string[]>();
  for (const file of modelFiles) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    const names = MACHINES.filter((entry) => Object.values(module).includes(entry)).map(
      (entry) => entry.name,
    );
    byFile.set(file, names);
  }
  return byFile;
}

export interface MutationGroup {
  /** The files mutated together. */
  files: string[];
  /** The registry entries whose path tests can notice their mutants. */
  machines: string[];
}

/**
 * The files under mutation (repository paths) in groups that share the registry entries able to
 * notice them; files no registration reaches form a group with no machines (every mutant of them
 * is reported as not covered).
 */
export async function mutationGroups(files: readonly string[]): Promise<MutationGroup[]> {
  const byModel = await entriesByModelFile();
  const machinesOf = new Map<string, Set<string>>();
  for (const [modelFile, names] of byModel) {
    for (const reached of reachableFrom(modelFile)) {
      const set = machinesOf.get(reached) ?? new Set<string>();
      names.forEach((name) => set.add(name));
      machinesOf.set(reached, set);
    }
  }
  const groups = new Map<string, MutationGroup>();
  for (const file of files) {
    const machines = [...(machinesOf.get(file) ?? [])].sort();
    const key = machines.join(',');
    const group = groups.get(key) ?? { files: [], machines };
    group.files.push(file);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Repository files matching Stryker-style globs (`!` excludes), from git's list of files. */
export function filesMatching(globs: readonly string[]): string[] {
  const listed = execFileSync('git', ['ls-files', 'machines', 'src/shared'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file.endsWith('.ts'));
  const toRegExp = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '⟪any-folders⟫')
        .replace(/\*\*/g, '⟪anything⟫')
        .replace(/\*/g, '[^/]*')
        .replace(/⟪any-folders⟫/g, '(?:.*/)?')
        .replace(/⟪anything⟫/g, '.*')}$`,
    );
  const include = globs.filter((g) => !g.startsWith('!')).map(toRegExp);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => toRegExp(g.slice(1)));
  return listed.filter(
    (file) => include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)),
  );
}
