/** The services' business constants (docs/servers.md "Services"). */

/** Services (GET /services): at most this many are answered; more sets `has_more`. */
export const SERVICES_LIST_MAX = 500;

/** A connectivity provisioning task's statuses, in order (the admin action moves it on). */
export const PROVISIONING_TASK_STATUSES = [
  'received',
  'scheduled',
  'installing',
  'complete',
] as const;

/** Provisioning task statuses the services page does not list (portal.md §4). */
export const PROVISIONING_TASK_IGNORED = ['complete', 'error', 'received'] as const;
