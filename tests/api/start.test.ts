/**
 * `npm start` in development on an address beyond loopback, without DEMO=1: the demo logins (a
 * published password) and the mailbox would be open to the network, so the server refuses to
 * start and says why, naming HOST and DEMO. A seed that fails stops the start with its error.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { appMeta } from '../../src/server/db/schema.ts';
import { runSeed, type SeedStep } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { testConfig } from '../support/database.ts';
import { createTestApp } from '../support/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'start-refusal-'));
// A web build newer than the sources, so that no start here builds the web app.
const webDistDir = path.join(dataDir, 'web');
mkdirSync(webDistDir);
writeFileSync(path.join(webDistDir, 'index.html'), '<html></html>');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  output: string;
  timedOut: boolean;
}

function runStart(env: Record<string, string>, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      ['src/server/cli/start.ts'],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a start that does not stop is ended with tsx's node child.
        detached: true,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

describe('npm start beyond loopback in development', () => {
  it('refuses to start without DEMO=1, naming HOST and DEMO', async () => {
    const outcome = await runStart(
      {
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        PORT: '0',
        CARD_PROVIDER_PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDistDir,
        SEED_ADDRESSES: '100',
        LOG_LEVEL: 'error',
      },
      20_000,
    );
    expect(outcome.timedOut).toBe(false);
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toMatch(/HOST=0\.0\.0\.0/);
    expect(outcome.output).toMatch(/DEMO=1/);
    expect(outcome.output).not.toMatch(/listening on|ready/i);
  }, 30_000);
});

describe('npm start on an embedded database whose seed fails', () => {
  it("stops with the seed's error and a non-zero exit code, never listening", async () => {
    // A migrated database without the table where the seed records its steps.
    const broken = path.join(dataDir, 'broken');
    const database = await openDatabase({ dataDir: broken });
    await database.migrate();
    await database.db.execute(sql`drop table ${appMeta}`);
    await database.close();

    const outcome = await runStart(
      {
        NODE_ENV: 'development',
        PORT: '0',
        CARD_PROVIDER_PORT: '0',
        DATA_DIR: broken,
        WEB_DIST_DIR: webDistDir,
        SEED_ADDRESSES: '100',
        LOG_LEVEL: 'error',
      },
      60_000,
    );
    expect(outcome.timedOut).toBe(false);
    expect(outcome.code).not.toBe(0);
    expect(outcome.output).toMatch(/relation "app_meta" does not exist/);
    expect(outcome.output).not.toMatch(/listening on|ready/i);
  }, 90_000);
});

describe('demo data in the seed', () => {
  it('is seeded only when the server serves demo data', async () => {
    const t = await createTestApp();
    try {
      const ran: string[] = [];
      const probe = (name: string): SeedStep => ({
        name,
        version: 1,
        demoOnly: true,
        run: () => {
          ran.push(name);
          return Promise.resolve();
        },
      });
      const seed = (name: string, env: Record<string, string>) =>
        runSeed(
          {
            db: t.database.db,
            config: testConfig(env),
            logger: createLogger('error'),
            options: {},
          },
          [probe(name)],
        );
      await seed('on loopback', {});
      await seed('with DEMO=0', { DEMO: '0' });
      await seed('beyond loopback with DEMO=1', {
        NODE_ENV: 'development',
        HOST: '0.0.0.0',
        DEMO: '1',
      });
      await seed('in production', {
        NODE_ENV: 'production',
        TOKEN_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://portal.example',
      });
      expect(ran).toEqual(['on loopback', 'beyond loopback with DEMO=1']);
    } finally {
      await t.close();
    }
  });
});
