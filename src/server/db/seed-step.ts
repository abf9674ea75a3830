/**
 * The shape of a seed step and what it is given, apart from the list of steps (seed.ts): the
 * modules that define steps import these without importing the list that imports them.
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Database } from './client.ts';

export interface SeedContext {
  db: Database;
  config: Config;
  logger: Logger;
  /** "Now" for the dates of demo data (the server's clock; the system clock when left out). */
  clock?: Clock;
  /** Options from the command line or tests, for example the number of addresses to generate. */
  options: SeedOptions;
}

export interface SeedOptions {
  /** Run demo-only steps even without demo data (never used by the server itself). */
  forceDemo?: boolean;
  [key: string]: unknown;
}

export interface SeedStep {
  name: string;
  /** Raise it when the step's data changes so that existing databases pick the change up. */
  version: number;
  /** Demo data: customers and logins that exist only when the server serves the demo (`config.demo`). */
  demoOnly: boolean;
  run(context: SeedContext): Promise<void>;
  /** Run even when already recorded at this version (options asking for other data, say). */
  force?(options: SeedOptions): boolean;
}
