import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** In development the server does not render index.html, so embed the public configuration here. */
function publicConfigInDevelopment(): Plugin {
  return {
    name: 'public-config-in-development',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { loadConfig } = await import('./src/server/config.ts');
      const { renderIndexHtml } = await import('./src/server/spa.ts');
      return renderIndexHtml(html, loadConfig());
    },
  };
}

export default defineConfig({
  root: 'src/web',
  base: '/control/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), publicConfigInDevelopment()],
  build: {
    // WEB_DIST_DIR lets several checkouts or test runs build side by side; the server reads it too.
    outDir: process.env.WEB_DIST_DIR || fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: projectRoot,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts'],
          exclude: [...configDefaults.exclude],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: projectRoot,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
