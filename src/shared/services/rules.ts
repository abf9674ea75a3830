/**
 * The customer's services (portal.md §3 "Service groups by class id", §4 "Provisioning tasks",
 * §7 "Services"): the records GET /services and GET /services/provisioning/tasks answer, and the
 * rule that turns provisioning tasks into the list the services page shows (docs/servers.md).
 */
import { SERVICE_CLASS, SERVICE_GROUP_LABELS } from '../constants.ts';
import { PROVISIONING_TASK_IGNORED } from './constants.ts';

/** The service classes a customer's services are grouped by (portal.md §3), in the spec's order. */
export const SERVICE_GROUP_IDS = [
  SERVICE_CLASS.businessConnectivity,
  SERVICE_CLASS.residentialConnectivity,
  SERVICE_CLASS.colocation,
  SERVICE_CLASS.domains,
  SERVICE_CLASS.email,
  SERVICE_CLASS.hosting,
  SERVICE_CLASS.miscellaneous,
  SERVICE_CLASS.professionalServices,
  SERVICE_CLASS.sslCertificates,
  SERVICE_CLASS.voiceServices,
] as const;

export function serviceGroupLabel(classId: number): string {
  return SERVICE_GROUP_LABELS[classId] ?? `Class ${classId}`;
}

/** One of a month's charges for a connectivity service, as its bill draws the line. */
export interface ConnectionCharge {
  description: string;
  /** US dollars; negative for a promo. */
  amount: number;
}

/**
 * What a connectivity service shows on /connection/{display_id} and in the services list: what its
 * bills charge (the order's cart as the billing run bills it, docs/servers.md "Connections") and
 * where (the customer's service address, which the bills are printed with).
 */
export interface ConnectionDetails {
  /** The speed as the bills name it ("1 Gbps symmetric internet"); null when none is billed. */
  speed: string | null;
  /** The router the bills charge a lease for ("XWi 7 router lease"); null without one. */
  router: string | null;
  /** Mesh extenders the bills charge for (0 for none). */
  mesh_quantity: number;
  /** The service address on one line ("1200 Fiber Way, Apt 4, Orem, UT 84057"). */
  address: string | null;
  /** What the service is, for its row in the services list ("1 Gbps symmetric internet, 1200 Fiber Way"). */
  summary: string;
  /** The booked installation (`date, time`), or null. */
  installation: string | null;
  /** The contract month the charges are of: 1 from activation (and while pending), then 2, 3, … */
  month: number;
  /** That month's recurring charges, line by line as its bill draws them (before tax). */
  monthly_charges: ConnectionCharge[];
  /** Their sum in US dollars, before tax. */
  monthly_price: number;
  order_id: number;
}

/** What a connection is in a few words: its speed and its street, as far as they are known. */
export function connectionSummary(speed: string | null, street: string | null): string {
  return [speed, street].filter((part): part is string => Boolean(part)).join(', ');
}

export interface ServiceRecord {
  id: number;
  display_id: string;
  service_class_id: number;
  kind: string;
  status: string;
  created_at: string;
  activated_on: string | null;
  /** Connectivity services only. */
  connection?: ConnectionDetails;
  /** Server services only: the server's iid and its monthly cost. */
  server?: { iid: number; monthly_cost: number };
}

export interface ServicesResponse {
  /** Every group of SERVICE_GROUP_IDS, keyed by class id, empty when the customer has none. */
  services: Record<string, ServiceRecord[]>;
  /** True when the list was cut at SERVICES_LIST_MAX. */
  has_more: boolean;
}

export interface ProvisioningTask {
  id: number;
  status: string;
  service_display_id: string;
  creation_dt: string;
  service_class_id: number;
}

export interface ProvisioningTasksResponse {
  tasks: ProvisioningTask[];
}

/** What the services page lists of the tasks: connectivity items pending, status upper-cased. */
export interface PendingItem {
  display_id: string;
  status: string;
  service_class_id: number;
  creation_dt: string;
}

/**
 * Provisioning tasks as the services page lists them (portal.md §4): complete, error and received
 * ignored; others listed; a class-14 task as a pending connectivity item (its status upper-cased)
 * unless a connectivity service of that display id is already listed.
 */
export function pendingItems(
  tasks: readonly ProvisioningTask[],
  listedDisplayIds: readonly string[],
): PendingItem[] {
  const listed = new Set(listedDisplayIds);
  const items: PendingItem[] = [];
  for (const task of tasks) {
    if ((PROVISIONING_TASK_IGNORED as readonly string[]).includes(task.status)) continue;
    const connectivity = task.service_class_id === SERVICE_CLASS.connectivityProvisioningTask;
    if (connectivity && listed.has(task.service_display_id)) continue;
    items.push({
      display_id: task.service_display_id,
      status: connectivity ? task.status.toUpperCase() : task.status,
      service_class_id: task.service_class_id,
      creation_dt: task.creation_dt,
    });
    listed.add(task.service_display_id);
  }
  return items;
}

export const SERVICES_PATHS = {
  services: '/services',
  tasks: '/services/provisioning/tasks',
} as const;

/** The admin action that moves a provisioning task to its next status. */
export function advanceTaskPath(taskId: number): string {
  return `/admin/provisioning_tasks/${taskId}/advance`;
}

/** Which service classes each services sub-navigation entry shows (portal.md §2). */
export const SERVICES_TAB_CLASSES: Record<string, readonly number[]> = {
  connectivity: [SERVICE_CLASS.residentialConnectivity, SERVICE_CLASS.businessConnectivity],
  emails: [SERVICE_CLASS.email],
  servers: [],
  hosting: [SERVICE_CLASS.hosting],
  domains: [SERVICE_CLASS.domains],
  dnspanel: [],
  colocations: [SERVICE_CLASS.colocation],
  ssl: [SERVICE_CLASS.sslCertificates],
  voip: [SERVICE_CLASS.voiceServices],
};
