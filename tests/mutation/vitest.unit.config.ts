/** Vitest for mutation testing by the whole unit suite (unit and machine tests). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts'],
    // The lint test runs ESLint over deliberate wrong imports: it tests the lint rules, not the
    // code under mutation, and it is slow.
    exclude: ['tests/unit/lint-layers.test.ts', '**/node_modules/**'],
    environment: 'node',
  },
});
