/**
 * The customer's services and provisioning tasks (portal.md "/services", "/connection"), loaded
 * once per page.
 */
import type { ProvisioningTasksResponse, ServicesResponse } from '#shared/services/rules';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export interface ServicesData {
  services: ServicesResponse;
  tasks: ProvisioningTasksResponse;
}

export const servicesLoader = createLoaderMachine<ServicesData>();

export function selectServicesData(snapshot: LoaderSnapshot<ServicesData>): ServicesData | null {
  return selectData(snapshot);
}
