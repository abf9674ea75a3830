/**
 * `npm run billing -- --date YYYY-MM-DD [--until YYYY-MM-DD]`: one billing pass for a business
 * date (or one per day up to `--until`), on the configured database (DATABASE_URL or the embedded
 * one, migrated and seeded as by `npm start`; stop the server first on the embedded database).
 * Prints each pass's report as one JSON line. With the sandbox card processor and no
 * CARD_PROVIDER_API_KEY the stand-in provider is reached in process (its tables are in the same
 * database). docs/billing.md "The billing run".
 */
import { addDays, isIsoDate } from '#shared/signup/dates';
import { runBillingPass } from '../billing/run.ts';
import { SettableClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openPreparedDatabase } from '../db/prepare.ts';
import { createLogger } from '../logger.ts';
import { useInProcessSandbox } from '../billing/processors/index.ts';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main() {
  const date = argument('date');
  const until = argument('until') ?? date;
  if (!date || !isIsoDate(date) || !until || !isIsoDate(until) || until < date) {
    console.error('usage: npm run billing -- --date YYYY-MM-DD [--until YYYY-MM-DD]');
    process.exit(2);
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { database } = await openPreparedDatabase(config, logger);
  if (config.cardProcessor === 'sandbox' && !process.env.CARD_PROVIDER_API_KEY) {
    await useInProcessSandbox(config, database.db, logger);
  }
  const clock = new SettableClock(`${date}T19:00:00Z`);
  try {
    for (let day = date; day <= until; day = addDays(day, 1)) {
      clock.set(`${day}T19:00:00Z`);
      const report = await runBillingPass({ config, database, logger, clock }, { today: day });
      console.log(JSON.stringify(report));
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
