/**
 * A small reader of npm's version ranges, enough for the `engines.node` fields packages declare:
 * `||` alternatives of space-separated comparators (`>=`, `>`, `<=`, `<`, `=`, `^`, `~`), x-ranges
 * (`20`, `20.x`, `*`), hyphen ranges (`12 - 14`) and a leading `v`. Pre-release tags are not
 * supported (no engines field of ours uses them): such a range is an error, not a guess.
 */

export type Version = readonly [number, number, number];

interface Comparator {
  operator: '<' | '<=' | '>' | '>=' | '=';
  version: Version;
}

/** "22.12.0" → [22, 12, 0]. */
export function parseVersion(text: string): Version {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`not a version: "${text}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

export function formatVersion(version: Version): string {
  return version.join('.');
}

/** A partial version: missing or `x`/`*` parts are undefined ("20" → [20, undefined, undefined]). */
function parsePartial(text: string): (number | undefined)[] {
  const match = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(text);
  if (!match) throw new Error(`not a version in a range: "${text}"`);
  const parts = [match[1], match[2], match[3]].map((part) =>
    part === undefined || /^[xX*]$/.test(part) ? undefined : Number(part),
  );
  // "1.x.3" means "1.x".
  const firstWild = parts.indexOf(undefined);
  return firstWild === -1 ? parts : parts.map((part, i) => (i < firstWild ? part : undefined));
}

const filled = (parts: (number | undefined)[]): Version => [
  parts[0] ?? 0,
  parts[1] ?? 0,
  parts[2] ?? 0,
];

/** The first version past a partial one: "20" → 21.0.0, "20.1" → 20.2.0. */
function nextAfter(parts: (number | undefined)[]): Version {
  if (parts[1] === undefined) return [parts[0]! + 1, 0, 0];
  if (parts[2] === undefined) return [parts[0]!, parts[1] + 1, 0];
  return [parts[0]!, parts[1], parts[2]];
}

function comparatorsOf(token: string): Comparator[] {
  const match = /^(<=|>=|<|>|=|\^|~>?)?\s*(.+)$/.exec(token);
  if (!match) throw new Error(`not a comparator: "${token}"`);
  const operator = match[1] ?? '';
  const parts = parsePartial(match[2]);
  const [major, minor, patch] = parts;
  if (major === undefined) {
    // "*", ">=*": anything; "<*", ">*": nothing sensible in an engines field.
    if (operator === '' || operator === '=' || operator === '>=') return [];
    throw new Error(`not a usable comparator: "${token}"`);
  }
  const exact = patch !== undefined;
  switch (operator) {
    case '':
    case '=':
      return exact
        ? [{ operator: '=', version: filled(parts) }]
        : [
            { operator: '>=', version: filled(parts) },
            { operator: '<', version: nextAfter(parts) },
          ];
    case '>=':
      return [{ operator: '>=', version: filled(parts) }];
    case '>':
      return [{ operator: exact ? '>' : '>=', version: exact ? filled(parts) : nextAfter(parts) }];
    case '<':
      return [{ operator: '<', version: filled(parts) }];
    case '<=':
      return [{ operator: exact ? '<=' : '<', version: exact ? filled(parts) : nextAfter(parts) }];
    case '~':
    case '~>':
      return [
        { operator: '>=', version: filled(parts) },
        {
          operator: '<',
          version: minor === undefined ? [major + 1, 0, 0] : [major, minor + 1, 0],
        },
      ];
    case '^': {
      const upper: Version =
        major > 0 || minor === undefined
          ? [major + 1, 0, 0]
          : minor > 0 || patch === undefined
            ? [0, minor + 1, 0]
            : [0, 0, patch + 1];
      return [
        { operator: '>=', version: filled(parts) },
        { operator: '<', version: upper },
      ];
    }
    default:
      throw new Error(`not a comparator: "${token}"`);
  }
}

function tokensOf(set: string): string[] {
  // "> = 10" and ">= 10" both mean ">=10": glue an operator to its version.
  return set
    .trim()
    .replace(/(<=|>=|<|>|=|\^|~>?)\s+/g, '$1')
    .split(/\s+/)
    .filter((token) => token !== '');
}

/** The comparator sets of a range: a version satisfies the range when it meets every comparator of one set. */
export function parseRange(range: string): Comparator[][] {
  if (/\d-[0-9A-Za-z]/.test(range)) {
    throw new Error(`pre-release versions are not supported: "${range}"`);
  }
  return range.split('||').map((set) => {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(set);
    if (hyphen) {
      const upper = parsePartial(hyphen[2]);
      return [
        { operator: '>=', version: filled(parsePartial(hyphen[1])) },
        upper[2] === undefined
          ? { operator: '<', version: nextAfter(upper) }
          : { operator: '<=', version: filled(upper) },
      ];
    }
    return tokensOf(set).flatMap(comparatorsOf);
  });
}

function meets(version: Version, { operator, version: bound }: Comparator): boolean {
  const order = compareVersions(version, bound);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

export function satisfies(version: Version | string, range: string): boolean {
  const parsed = typeof version === 'string' ? parseVersion(version) : version;
  return parseRange(range).some((set) => set.every((comparator) => meets(parsed, comparator)));
}

/**
 * The versions that stand for a supported range when checking other ranges against it: the
 * lowest of each alternative and the highest release of each major it spans (as major.999.999,
 * for "any later release of that line"). `^20.19.0 || ^22.12.0 || ^24.0.0` gives 20.19.0,
 * 20.999.999, 22.12.0, 22.999.999, 24.0.0, 24.999.999.
 */
export function representativeVersions(range: string): Version[] {
  const versions: Version[] = [];
  for (const set of parseRange(range)) {
    const lower = set.find((c) => c.operator === '>=' || c.operator === '=')?.version ?? [0, 0, 0];
    const upper = set.find((c) => c.operator === '<' || c.operator === '<=');
    const lastMajor = upper
      ? upper.operator === '<' && upper.version[1] === 0 && upper.version[2] === 0
        ? upper.version[0] - 1
        : upper.version[0]
      : lower[0];
    versions.push(lower);
    for (let major = lower[0]; major <= lastMajor; major += 1) {
      const last: Version = [major, 999, 999];
      if (set.every((comparator) => meets(last, comparator))) versions.push(last);
    }
  }
  return versions;
}
