/** The connection page's calls (docs/api.md "Services"). */
import {
  SERVICES_PATHS,
  type ProvisioningTasksResponse,
  type ServicesResponse,
} from '#shared/services/rules';
import type { ApiClient } from '../../../api/client.ts';

export function connectionApi(api: ApiClient) {
  return {
    all: async () => {
      const [services, tasks] = await Promise.all([
        api.get<ServicesResponse>(SERVICES_PATHS.services),
        api.get<ProvisioningTasksResponse>(SERVICES_PATHS.tasks),
      ]);
      return { services, tasks };
    },
  };
}
