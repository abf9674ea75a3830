/**
 * `npm run seed [-- --name value …]`: migrates and seeds the configured database. Options are
 * passed to the seed steps (for example `--addresses 1000000`). Running it twice is harmless.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateAndSeed } from '../db/prepare.ts';
import type { SeedOptions } from '../db/seed.ts';
import { createLogger } from '../logger.ts';

function seedOptions(argv: string[]): SeedOptions {
  const { tokens = [] } = parseArgs({ args: argv, strict: false, tokens: true });
  const options: SeedOptions = {};
  for (const [index, token] of tokens.entries()) {
    if (token.kind !== 'option') continue;
    // `--addresses 1000000`: undeclared options take the following word as their value.
    const following = tokens[index + 1];
    const raw =
      token.value ??
      (token.inlineValue === undefined && following?.kind === 'positional'
        ? following.value
        : 'true');
    const key = token.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    options[key] = /^\d+$/.test(raw) ? Number(raw) : raw === 'true' ? true : raw;
  }
  return options;
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const options = seedOptions(process.argv.slice(2));
  const database = await openDatabase(config);
  try {
    const started = performance.now();
    const report = await migrateAndSeed(database, config, logger, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded in ${seconds}s: ran ${report.ran.join(', ') || 'nothing'}; already done: ${report.skipped.join(', ') || 'nothing'}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
