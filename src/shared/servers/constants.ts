/** The virtual servers' business constants (portal.md §5, §9; docs/servers.md). */

/** The server editor's bounds and the cost of each unit (portal.md §5, §9). */
export const SERVER_EDITOR = {
  cpus: { min: 1, max: 8, costEach: 8 },
  memoryGb: { min: 1, max: 16, costEach: 15 },
  storageGb: { min: 8, max: 1024, costEach: 0.5 },
  /** Memory is stored in MB: GB times this. */
  mbPerGb: 1024,
  placeholder: { cpus: 1, mem: 1024, disk: 10 },
} as const;

/**
 * Virtual servers beyond the editor's bounds (SERVER_EDITOR, portal.md §9). The spec gives the
 * cost per unit but not its currency and period: they are US dollars per month (docs/servers.md).
 */
export const SERVERS = {
  costCurrency: 'USD',
  costPeriod: 'monthly',
  /** The power actions a customer may ask for (portal.md §7: start, stop, force_stop). */
  powerActions: ['start', 'stop', 'force_stop'],
  /** The power status poll after an action: first delay, growth factor, longest delay (ms). */
  pollFirstMs: 1000,
  pollFactor: 1.5,
  pollMaxMs: 5000,
  /** How long the page waits for the hypervisor's state to match before saying it timed out. */
  powerTimeoutMs: 120_000,
  /** Seconds since shutdown count up locally once a second. */
  shutdownTickMs: 1000,
} as const;
