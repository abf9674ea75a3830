/**
 * The browser tests' source files (tests/e2e, every .ts file), for the guard tests that read how
 * the browser tests are written.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const E2E_DIR = path.resolve(import.meta.dirname, '../e2e');

function sourcesIn(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourcesIn(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every browser test source file, by its absolute path. */
export const browserTestSources = (): string[] => sourcesIn(E2E_DIR);
