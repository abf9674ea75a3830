/** Vitest for mutation testing by the generated path tests alone (tests/machines/paths.test.ts). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/machines/paths.test.ts'],
    environment: 'node',
  },
});
