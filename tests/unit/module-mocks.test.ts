/**
 * No test replaces a module (`vi.mock`, `vi.doMock`) in the projects whose workers keep the
 * modules they loaded from one file to the next (`isolate: false` in vite.config.ts: unit, api,
 * processes). There a module another file of the same worker loaded first is not loaded again,
 * so the mock silently does not reach it: a test that passed alone saw nothing in the whole run.
 * Tests observe the server through what it offers instead (its dependencies, its diagnostics
 * channels, its clock).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['tests/unit', 'tests/api', 'tests/machines', 'tests/support'];
const MOCK = /\bvi\s*\.\s*(?:mock|doMock)\s*\(/;

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return testFiles(relative);
    return /\.tsx?$/.test(name) ? [relative] : [];
  });
}

describe('module mocks', () => {
  it('the check finds a module mock', () => {
    expect(MOCK.test("vi.mock('@node-rs/argon2', async () => ({}));")).toBe(true);
    expect(MOCK.test('vi.fn(); vi.spyOn(object, "method");')).toBe(false);
  });

  it('no test of a module-sharing project replaces a module', () => {
    const self = 'tests/unit/module-mocks.test.ts';
    const mocking = FOLDERS.flatMap(testFiles).filter(
      (file) => file !== self && MOCK.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
