/**
 * Part of `npm test`: every installed package (the `packages` entries of package-lock.json, which
 * copy each package's `engines`) must accept every Node.js version the project supports, that is
 * the versions standing for `engines.node` in package.json (the lowest of each line and any later
 * release of it). A package that declares less is an error unless {@link ENGINE_EXCEPTIONS} lists
 * it with the reason it still works.
 *
 *   npx tsx tests/tools/check-engines.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatVersion,
  parseRange,
  representativeVersions,
  satisfies,
  type Version,
} from './node-range.ts';

/**
 * Packages whose declared Node.js range leaves out a supported version, and why that is fine.
 * Keyed by package name; `range` is the declaration the reason was written for, so a new version
 * of the package with another range is checked afresh.
 */
export const ENGINE_EXCEPTIONS: Record<string, { range: string; reason: string }> = {};

export interface EngineProblem {
  name: string;
  location: string;
  range: string;
  excluded: string[];
}

interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

/** The package's name from its lock-file key ("node_modules/a/node_modules/@b/c" → "@b/c"). */
function nameOf(location: string): string {
  return location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

export function checkEngines(
  lock: { packages: Record<string, LockPackage> },
  supported: string,
  exceptions: typeof ENGINE_EXCEPTIONS = ENGINE_EXCEPTIONS,
): { problems: EngineProblem[]; excepted: EngineProblem[]; checked: number; versions: Version[] } {
  const versions = representativeVersions(supported);
  const problems: EngineProblem[] = [];
  const excepted: EngineProblem[] = [];
  let checked = 0;
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!location.includes('node_modules/')) continue;
    // Old packages wrote engines as an array of strings; npm ignores those, and so do we.
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    checked += 1;
    if (range === undefined) continue;
    let excluded: string[];
    try {
      parseRange(range);
      excluded = versions.filter((v) => !satisfies(v, range)).map(formatVersion);
    } catch (error) {
      excluded = [`unreadable range (${(error as Error).message})`];
    }
    if (excluded.length === 0) continue;
    const name = nameOf(location);
    const problem = { name, location, range, excluded };
    if (exceptions[name]?.range === range) excepted.push(problem);
    else problems.push(problem);
  }
  return { problems, excepted, checked, versions };
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const root = path.resolve(import.meta.dirname, '../..');
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockPackage>;
  };
  const { problems, excepted, checked, versions } = checkEngines(lock, own.engines.node);
  const shown = versions.map((v) => formatVersion(v).replace('.999.999', '.x')).join(', ');
  console.log(
    `Node.js engines of ${checked} installed packages checked against ${own.engines.node} ` +
      `(${shown}).`,
  );
  for (const problem of excepted) {
    console.log(
      `  allowed: ${problem.name} declares ${problem.range}: ${ENGINE_EXCEPTIONS[problem.name].reason}`,
    );
  }
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} packages leave out a supported Node.js version:`);
    for (const problem of problems) {
      console.error(
        `  ${problem.location} declares "${problem.range}": not ${problem.excluded.join(', ')}`,
      );
    }
    console.error(
      '\nUpgrade or replace the package, or list it in ENGINE_EXCEPTIONS ' +
        '(tests/tools/check-engines.ts) with the reason it works.',
    );
    process.exit(1);
  }
}
