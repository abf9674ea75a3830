import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's Chromium without its windowing layers (package chromium-headless-shell), the browser
 * Playwright itself runs for headless tests: the same engine and renderer, and a fifth less
 * processor time for the same tests than the full browser in its headless mode.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Separate output folders let several runs share a checkout.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace: each action's DOM snapshot, network and console. Without the
    // screencast: filming every page took more than half of the browser tests' time.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The visitor asks for reduced motion: no transition to wait out (the app honours the wish).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/support/serve.ts',
    url: `http://localhost:${port}/manage/api/v1.0/health`,
    // The API answers before the billed customers are seeded: ready is when serve.ts says so.
    wait: { stdout: /e2e server ready at/ },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
