/**
 * Guard (issue "the portal as a customer finds it", item 7): no message a person reads names the
 * code behind it — no source file, no function, no folder. Every message module of src/shared (the
 * shared ones and each area's messages.ts) is read whole: its strings, and its message functions
 * called with stand-in arguments.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const shared = path.resolve(import.meta.dirname, '../../src/shared');
/** The shared messages, the words several areas read, and each area's own (`<area>/messages.ts`). */
const modules = [
  path.join(shared, 'messages.ts'),
  ...readdirSync(path.join(shared, 'messages'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(shared, 'messages', name)),
  ...readdirSync(shared, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'messages')
    .map((entry) => path.join(shared, entry.name, 'messages.ts'))
    .filter((file) => existsSync(file)),
];

/** What code looks like in a sentence: a source path, a file name, a camelCase call. */
const CODE = [
  /\bsrc\//,
  /\b[\w-]+\.(?:ts|tsx|js|mjs)\b/,
  /\b(?:is|has|check|parse|select|normalise)[A-Z]\w*\b/,
  /\w+\(\)/,
];

function texts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    try {
      return texts(
        (value as (...args: unknown[]) => unknown)('example', 'example', 'example'),
        seen,
      );
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((item) => texts(item, seen));
}

describe('messages never name code', () => {
  it.each(modules.map((file) => [path.relative(shared, file), file]))('%s', async (_, file) => {
    const found = texts(await import(file)).filter((text) => CODE.some((re) => re.test(text)));
    expect(found).toEqual([]);
  });
});
