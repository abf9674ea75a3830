/**
 * The hypervisor of a configuration. Routes call `hypervisorFor(c.var.deps.config)`; it is made
 * once per configuration (a Proxmox-shaped client of HYPERVISOR_API_URL, the stand-in's by
 * default). Tests put the stand-in reached in process, on their clock, in place with
 * {@link useInProcessStandIn}.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { createProxmoxHypervisor } from './proxmox.ts';
import type { Hypervisor } from './types.ts';

export * from './types.ts';

const hypervisors = new WeakMap<Config, Hypervisor>();

export function hypervisorFor(config: Config): Hypervisor {
  let hypervisor = hypervisors.get(config);
  if (!hypervisor) {
    hypervisor = createProxmoxHypervisor({ ...config.hypervisor });
    hypervisors.set(config, hypervisor);
  }
  return hypervisor;
}

export function useHypervisor(config: Config, hypervisor: Hypervisor): void {
  hypervisors.set(config, hypervisor);
}

/** The stand-in, reached in process on this database and clock, as this configuration's. */
export async function useInProcessStandIn(
  config: Config,
  db: Database,
  logger: Logger,
  now?: () => Date,
): Promise<Hypervisor> {
  const { createStandInHypervisorApp } = await import('./stand-in/app.ts');
  const app = createStandInHypervisorApp({
    db,
    logger,
    token: config.hypervisor.token,
    now,
    taskScale: config.hypervisor.taskScale,
  });
  const hypervisor = createProxmoxHypervisor({
    ...config.hypervisor,
    fetch: async (input, init) => app.request(input, init),
  });
  useHypervisor(config, hypervisor);
  return hypervisor;
}
