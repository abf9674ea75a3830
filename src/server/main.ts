/**
 * Starting and stopping the whole server: configuration, database (migrated and seeded), HTTP.
 */
import { serve, type ServerType } from '@hono/node-server';
import { WEB_BASE_PATH } from '#shared/constants';
import { createApp } from './app.ts';
import { settled } from './background.ts';
import { systemClock, type Clock } from './clock.ts';
import { cardProviderOrigins, loadConfig, type Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openPreparedDatabase } from './db/prepare.ts';
import type { SeedReport } from './db/seed.ts';
import { createLogger, type Logger } from './logger.ts';
import { listenOrigin } from './mail/links.ts';
import { startDnsPublication } from './dns/jobs.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import type { OrderHooks } from './signup/orders/hooks.ts';

export interface RunningServer {
  config: Config;
  /** Where to open the web app. */
  url: string;
  /** The port listened on (PORT, or the one given for PORT=0). */
  port: number;
  database: DatabaseHandle;
  logger: Logger;
  seed: SeedReport;
  /** The job runner of this instance (src/server/jobs), started. */
  jobs: JobRunner;
  close(): Promise<void>;
}

/** The web app's address on `host`; a wildcard address (0.0.0.0, ::) is reached as localhost. */
export function webUrl(host: string, port: number): string {
  return `${listenOrigin(host, port)}${WEB_BASE_PATH}/`;
}

/**
 * The start line: the mode, whether demo data (demo logins, mailbox) is served, and the address
 * listened on, e.g. `Ridgeline Fiber (development, demo data, listening on http://127.0.0.1:3000/control/)`.
 */
export function startBanner(config: Config, port: number): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const demo = config.production ? [] : [config.demo ? 'demo data' : 'no demo data'];
  const listening = `listening on http://${host}:${port}${WEB_BASE_PATH}/`;
  return `${config.productName} (${[config.mode, ...demo, listening].join(', ')})`;
}

/**
 * How long an idle keep-alive connection stays open. Node's 5 s default lets a client (a load
 * balancer, a script) send its next request on a connection the server is closing that instant,
 * and the request fails with a reset; clients and proxies reuse a connection for up to a minute
 * (60 s is the usual load balancer's idle time), so the server keeps it a little longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** What a test or tool may put in the app's deps instead of production's. */
export interface ServerDeps {
  /** The clock for business dates: the real time by default. */
  clock?: Clock;
  /** Where a test steps into placing an order: none by default. */
  orderHooks?: OrderHooks;
}

export async function startServer(
  config: Config = loadConfig(),
  { clock = systemClock, orderHooks }: ServerDeps = {},
): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const { database, seed } = await openPreparedDatabase(config, logger);
  // The app's own copy: with PORT=0 it learns the port it listens on (for emailed links).
  const appConfig: Config = { ...config };
  const app = createApp(
    { config: appConfig, database, logger, clock, orderHooks },
    // Our pages may frame only the card provider's form.
    { serveWeb: true, frameOrigins: cardProviderOrigins(config) },
  );

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // The headers of a request on a kept connection must be awaited at least as long.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  appConfig.port = port;
  const url = webUrl(config.host, port);
  // DNS publication jobs (docs/dns.md "Publishing"): their queue's policy, the names waiting.
  const dnsPublication = await startDnsPublication({ config: appConfig, database, logger });
  // The job runner (docs/operations.md): every instance runs one, on the shared job table; it
  // queues each business date's billing pass (docs/billing.md "The billing run").
  const jobs = createJobRunner({ config: appConfig, database, logger, clock });
  await jobs.start();

  let closing: Promise<void> | undefined;
  return {
    config: appConfig,
    url,
    port,
    database,
    logger,
    seed,
    jobs,
    close: () =>
      (closing ??= (async () => {
        await dnsPublication.stop();
        await jobs.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive connections would hold the close open.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await settled(database);
        await database.close();
      })()),
  };
}

/** Closes the server cleanly on Ctrl-C or a stop signal: the embedded database must be closed. */
export function closeOnSignals(running: Pick<RunningServer, 'close' | 'logger'>) {
  const stop = (signal: string) => {
    running.logger.info({ signal }, 'stopping');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
