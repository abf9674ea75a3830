/** The services pages' calls (docs/api.md "Services"), typed by the shared contract. */
import {
  SERVICES_PATHS,
  type ProvisioningTasksResponse,
  type ServicesResponse,
} from '#shared/services/rules';
import type { ServicesData } from '#machines/services/services.loader';
import type { ApiClient } from '../../api/client.ts';

export type { ServicesData };

export function servicesApi(api: ApiClient) {
  return {
    all: async (): Promise<ServicesData> => {
      const [services, tasks] = await Promise.all([
        api.get<ServicesResponse>(SERVICES_PATHS.services),
        api.get<ProvisioningTasksResponse>(SERVICES_PATHS.tasks),
      ]);
      return { services, tasks };
    },
  };
}
