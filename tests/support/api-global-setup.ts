import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTestDatabases, prepareTemplate } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-tests-'));
  const snapshot = path.join(dir, 'template.tar');
  const started = performance.now();
  await prepareTemplate(snapshot);
  console.log(
    `test database template ready in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  project.provide('dbSnapshot', snapshot);
  return async () => {
    await dropTestDatabases();
    await rm(dir, { recursive: true, force: true });
  };
}
