/**
 * What the browser benchmarks (`npm run bench:lcp`, `npm run bench:after-login`) share: the web
 * app built for production into a temporary folder, the production server on a free loopback port
 * with a fresh embedded database, Debian's Chromium, and the slow-phone profile (CPU 4× slower,
 * 1.4 Mbit/s, 560 ms round trip, cold cache) applied to a new browser context.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from '../../playwright.config.ts';
import { loadConfig } from '../../src/server/config.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { useInProcessStandIn } from '../../src/server/hypervisor/index.ts';
import { startServer } from '../../src/server/main.ts';

export const CPU_SLOWDOWN = 4;
export const LATENCY_MS = 560;
export const BYTES_PER_SECOND = 1.4e6 / 8;
/** Each figure is the median of this many loads. */
export const RUNS = 5;
const FULL_CHROMIUM = '/usr/bin/chromium';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The profile and the machine's load, printed beside every figure. */
export const profileLine = () =>
  `CPU ${CPU_SLOWDOWN}× slower, ${LATENCY_MS} ms latency, ${(BYTES_PER_SECOND * 8) / 1e6} Mbit/s, ` +
  `cold cache, median of ${RUNS} loads; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;

export interface BenchSite {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  browser: Browser;
  /** Which Chromium measured. */
  browserPath: string;
  /** The demo logins' password (with `demo`). */
  demoPassword: string;
}

/**
 * Builds the web app for production, starts the production server on it (fresh embedded
 * database; with `demo`, the demo logins and their data are seeded too, as `npm run seed` does
 * outside production, and the stand-in hypervisor answers for their servers) and Chromium, runs `measure`, then stops everything and removes the folder.
 */
export async function withBenchSite<T>(
  options: { demo?: boolean },
  measure: (site: BenchSite) => Promise<T>,
): Promise<T> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  const distDir = path.join(work, 'web');
  const dataDir = path.join(work, 'data');
  try {
    console.log('Building the web app for production…');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: distDir },
    });
    if (build.status !== 0) throw new Error('The web build failed.');
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CARD_PROVIDER_PORT: String(await freePort()),
      HOST_AGENT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'error',
      SEED_ADDRESSES: '100',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      BANK_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const running = await startServer(config);
    try {
      if (options.demo) {
        await runSeed({
          db: running.database.db,
          config: running.config,
          logger: running.logger,
          options: { forceDemo: true },
        });
        // The demo servers' hypervisor: the stand-in `npm start` runs beside the server.
        await useInProcessStandIn(running.config, running.database.db, running.logger);
      }
      // The full browser where it is installed (the figures of earlier issues), else Debian's
      // headless shell, the same engine: the run says which.
      const browserPath = existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : CHROMIUM_HEADLESS_SHELL;
      console.log(`Measuring in ${browserPath}`);
      const browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_ARGS });
      try {
        return await measure({
          origin: `http://127.0.0.1:${port}`,
          browser,
          browserPath,
          demoPassword: running.config.demoPassword,
        });
      } finally {
        await browser.close();
      }
    } finally {
      await running.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A new context (a new profile: empty cache, no cookies) with one page on the slow-phone
 * profile. `init` runs in every document before the page's scripts.
 */
export async function slowPhonePage(
  browser: Browser,
  init?: () => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}
