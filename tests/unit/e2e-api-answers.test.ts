/**
 * Guard (browser tests took an API's 401 for the answer they waited for: on the browser tests'
 * server an access token lives 5 s, so on a slow machine a page's call can be refused, renewed and
 * sent again): every `waitForResponse` of a browser test names the answer it wants by its status
 * (`.status()` or `.ok()`), unless it waits for a static asset, which no token guards.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserTestSources, E2E_DIR as e2e } from '../support/browser-test-sources.ts';

const CALL = 'waitForResponse(';

/** The argument text of each `waitForResponse(…)` call, with the line it starts on. */
export function responseWaits(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (let start = source.indexOf(CALL); start !== -1; start = source.indexOf(CALL, start + 1)) {
    let depth = 1;
    let end = start + CALL.length;
    for (; end < source.length && depth > 0; end += 1) {
      if (source[end] === '(') depth += 1;
      else if (source[end] === ')') depth -= 1;
    }
    found.push({
      line: source.slice(0, start).split('\n').length,
      text: source.slice(start + CALL.length, end - 1),
    });
  }
  return found;
}

/** A wait that could take a refused answer for the one it wants. */
export const takesAnyAnswer = (text: string): boolean =>
  !/\.status\(\)|\.ok\(\)/.test(text) && !/\\?\/assets\\?\//.test(text);

describe("browser tests' waits for an answer", () => {
  it('finds the waits that name no status', () => {
    const waits = responseWaits(
      [
        'const a = page.waitForResponse((r) => r.url().endsWith(`/user/profile`));',
        'const b = page.waitForResponse(',
        '  (r) => new URL(r.url()).pathname === path(id) && r.status() !== 401,',
        ');',
        "const c = page.waitForResponse((r) => r.url().includes('/x') && r.ok());",
        'const d = page.waitForResponse((r) => /\\/assets\\/portal-[^/]*\\.js$/.test(r.url()));',
      ].join('\n'),
    );
    expect(waits.map(({ line }) => line)).toEqual([1, 2, 5, 6]);
    expect(waits.map(({ text }) => takesAnyAnswer(text))).toEqual([true, false, false, false]);
  });

  it('each name the answer they want by its status', () => {
    const found = browserTestSources().flatMap((file) =>
      responseWaits(readFileSync(file, 'utf8'))
        .filter(({ text }) => takesAnyAnswer(text))
        .map(({ line }) => `${path.relative(e2e, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
