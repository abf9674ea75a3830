/**
 * `npm start`: builds the web app when its sources changed since the last build, then starts the
 * server on the embedded database (or DATABASE_URL), migrating and seeding it as needed.
 */
import { demoLoginLines } from '../session/demo-seed.ts';
import { PAST_DUE_DEMO_LOGINS } from '../billing/demo-seed.ts';
import { ConfigError, loadConfig, servesDemo } from '../config.ts';
import { startCardProvider } from '../billing/card-provider/server.ts';
import { startHostAgent } from '../managed/stand-in/server.ts';
import { startStandInHypervisor } from '../hypervisor/stand-in/server.ts';
import { closeOnSignals, startBanner, startServer } from '../main.ts';
import { dnsStartLine } from '../dns/config.ts';
import { buildWebIfStale } from './build-web.ts';
import { collectStartupGarbage } from './memory.mjs';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  buildWebIfStale(config.webDistDir, config.production);
  const running = await startServer(config);
  // The stand-in card processor, on its own port and origin.
  const cardProvider = await startCardProvider({
    config,
    db: running.database.db,
    logger: running.logger,
  });
  // The stand-in host agent of managed servers, on its own port (docs/managed-hosting.md).
  const hostAgent = await startHostAgent({ config, logger: running.logger });
  // The stand-in hypervisor of virtual servers (unless HYPERVISOR=proxmox), on its own port.
  const hypervisor = await startStandInHypervisor({
    config,
    db: running.database.db,
    logger: running.logger,
  });
  closeOnSignals({
    logger: running.logger,
    close: () =>
      Promise.all([cardProvider.close(), hostAgent.close(), hypervisor?.close()]).then(() =>
        running.close(),
      ),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  collectStartupGarbage();
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${config.dataDir}`;
  console.log(`\n${startBanner(config, running.port)}`);
  console.log(`Ready in ${seconds}s: open ${running.url}`);
  console.log(`Database: ${database}`);
  console.log(dnsStartLine(config.dns));
  console.log(`Card provider (sandbox): ${config.cardProviderOrigin}`);
  console.log(`Host agent (stand-in): ${hostAgent.url}`);
  if (hypervisor) console.log(`Hypervisor (stand-in): ${hypervisor.url}`);
  if (servesDemo(config)) {
    console.log(`\n${demoLoginLines(config, PAST_DUE_DEMO_LOGINS).join('\n')}`);
    if (!config.smtpUrl)
      console.log(`Emails stay in the outbox: read them at ${running.url}mailbox/`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
