/**
 * Fresh databases for tests, quickly: a migrated and seeded template is made once per run
 * (see api-global-setup.ts) and every test file gets its own copy of it. On PGlite the copy is
 * loaded from a data-dir dump; on PostgreSQL (DATABASE_URL set) it is `CREATE DATABASE … TEMPLATE`.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';
import { runSeed } from '../../src/server/db/seed.ts';
import { createLogger } from '../../src/server/logger.ts';
import { withDatabase } from './postgres.ts';

export const TEMPLATE_DATABASE = 'app_test_template';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    DATA_DIR: '/nonexistent-test-data-dir',
    // Tests have no data folder to generate a key into.
    BANK_ENCRYPTION_KEY: '7e57'.repeat(16),
    ...overrides,
  });
}

async function seedTemplate(handle: DatabaseHandle) {
  await handle.migrate();
  await runSeed({
    db: handle.db,
    config: testConfig(),
    logger: createLogger('error'),
    options: { testing: true },
  });
}

/** Run once per test run: builds the template and says where it is. */
export async function prepareTemplate(snapshotPath: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const handle = openPostgres(withDatabase(url, TEMPLATE_DATABASE), 2);
    await seedTemplate(handle);
    await handle.close();
    return;
  }
  const client = await PGlite.create();
  const handle = openPglite(client);
  await seedTemplate(handle);
  const dump = await client.dumpDataDir('none');
  await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

export async function dropTestDatabases(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'app_test_%'",
    );
    for (const row of rows)
      await admin.query(`drop database if exists ${row.datname} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A private copy of the template for one test file. */
export async function createTestDatabase(snapshotPath: string): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `app_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const handle = openPostgres(withDatabase(url, name), 5);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(snapshotPath);
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openPglite(client);
}
