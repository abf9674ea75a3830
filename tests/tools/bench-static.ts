/**
 * `npm run bench:static`: how fast the app sends a built file. Builds the web app into a temporary
 * folder, then serves it on loopback twice in this process: through the app (src/server/spa.ts
 * behind every middleware of src/server/app.ts) and through a bare Hono static handler
 * (`serveStatic` from @hono/node-server). Both are asked for the main chunk with
 * `Accept-Encoding: gzip, br`, a bounded number of times with bounded concurrency; prints the
 * requests per second of each and their ratio, and fails when the app is more than 2× slower.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';

const REQUESTS = 3000;
const CONCURRENCY = 16;
const WARM_UP = 200;
export const MAX_SLOWDOWN = 2;

const root = path.resolve(import.meta.dirname, '../..');

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

function portOf(server: ServerType): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const agentOptions = { keepAlive: true, maxSockets: CONCURRENCY };

/** One GET; resolves with the status once the whole body has arrived. */
function get(port: number, urlPath: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        agent,
        headers: { 'Accept-Encoding': 'gzip, br' },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function run(port: number, urlPath: string, count: number): Promise<number> {
  const agent = new Agent(agentOptions);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const status = await get(port, urlPath, agent);
        if (status !== 200) throw new Error(`${urlPath} answered ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return count / seconds;
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  const distDir = path.join(work, 'web');
  try {
    console.log('Building the web app…');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST_DIR: distDir },
    });
    if (build.status !== 0) throw new Error('The web build failed.');
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const main = manifest['index.html'].file;

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: '/nonexistent',
      WEB_DIST_DIR: distDir,
    });
    const database = openPglite(await PGlite.create());
    const app = createApp(
      { config, database, logger: createLogger('error'), clock: systemClock },
      { serveWeb: true },
    );
    const bare = new Hono();
    bare.use(
      '/control/*',
      serveStatic({
        root: path.relative(process.cwd(), distDir),
        rewriteRequestPath: (p) => p.replace(/^\/control/, ''),
      }),
    );
    const appServer = await listen(app.fetch);
    const bareServer = await listen(bare.fetch);
    const url = `/control/${main}`;
    try {
      await run(portOf(appServer), url, WARM_UP);
      await run(portOf(bareServer), url, WARM_UP);
      const ours = await run(portOf(appServer), url, REQUESTS);
      const theirs = await run(portOf(bareServer), url, REQUESTS);
      const ratio = theirs / ours;
      const size = readFileSync(path.join(distDir, main)).length;
      console.log(
        `${url} (${(size / 1024).toFixed(0)} KiB), ${REQUESTS} requests, ${CONCURRENCY} at a time, Accept-Encoding: gzip, br`,
      );
      console.log(`  app (precompressed)      ${ours.toFixed(0).padStart(6)} requests/s`);
      console.log(`  bare Hono serveStatic    ${theirs.toFixed(0).padStart(6)} requests/s`);
      console.log(`  bare / app = ${ratio.toFixed(2)} (at most ${MAX_SLOWDOWN})`);
      if (ratio > MAX_SLOWDOWN) process.exitCode = 1;
    } finally {
      await new Promise((resolve) => appServer.close(resolve));
      await new Promise((resolve) => bareServer.close(resolve));
      await database.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
