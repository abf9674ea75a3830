/** Vitest for mutation testing by the whole unit suite (unit and machine tests). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    // MUTATION_TESTS narrows the tests (comma-separated globs) for a quick look at one file; the
    // score by the unit suite is the run without it.
    include: process.env.MUTATION_TESTS
      ? process.env.MUTATION_TESTS.split(',')
      : ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts'],
    // The lint tests run ESLint over deliberate violations (slow), and the mutation tests test
    // this tooling: neither tests the code under mutation.
    exclude: ['tests/unit/lint-*.test.ts', 'tests/unit/mutation-*.test.ts', '**/node_modules/**'],
    environment: 'node',
  },
});
