/**
 * Seeding is a list of named, versioned steps. A step runs when the database has not recorded it
 * at its current version, so running the seed again is harmless and a start after the first is
 * quick. Each capability adds its steps to {@link SEED_STEPS}.
 */
import { eq } from 'drizzle-orm';
import { servesDemo } from '../config.ts';
import type { SeedContext, SeedStep } from './seed-step.ts';
import { AUTH_SEED_STEPS } from '../session/demo-seed.ts';
import { appMeta } from './schema.ts';
import { SERVICEABILITY_SEED_STEPS } from '../signup/serviceability/seed.ts';
import { PRE_SIGNUP_SEED_STEPS } from '../signup/orders/pre-signup.ts';
import { BILLING_SEED_STEPS } from '../billing/demo-seed.ts';
import { DNS_SEED_STEPS } from '../dns/demo-seed.ts';
import { SERVERS_SEED_STEPS } from '../servers/demo-seed.ts';

export type { SeedContext, SeedOptions, SeedStep } from './seed-step.ts';

export const SEED_STEPS: SeedStep[] = [
  ...AUTH_SEED_STEPS,
  ...SERVICEABILITY_SEED_STEPS,
  // After the addresses: the demo pre-signup links point at demo addresses.
  ...PRE_SIGNUP_SEED_STEPS,
  // After the logins and the addresses: bills of the demo logins' orders at a demo address.
  ...BILLING_SEED_STEPS,
  // After the logins: the demo customers' DNS zones.
  ...DNS_SEED_STEPS,
  // After the logins: demo servers, services and a provisioning task.
  ...SERVERS_SEED_STEPS,
];

export interface SeedReport {
  ran: string[];
  skipped: string[];
}

export async function runSeed(
  context: SeedContext,
  steps: readonly SeedStep[] = SEED_STEPS,
): Promise<SeedReport> {
  const report: SeedReport = { ran: [], skipped: [] };
  for (const step of steps) {
    if (step.demoOnly && !servesDemo(context.config) && !context.options.forceDemo) continue;
    const key = `seed:${step.name}`;
    const [recorded] = await context.db.select().from(appMeta).where(eq(appMeta.key, key));
    const recordedVersion = (recorded?.value as { version?: number } | undefined)?.version;
    if (recordedVersion === step.version && !step.force?.(context.options)) {
      report.skipped.push(step.name);
      continue;
    }
    const started = performance.now();
    await step.run(context);
    await context.db
      .insert(appMeta)
      .values({ key, value: { version: step.version } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { version: step.version }, updatedAt: new Date() },
      });
    context.logger.info(
      { step: step.name, ms: Math.round(performance.now() - started) },
      'seed step done',
    );
    report.ran.push(step.name);
  }
  return report;
}
