/**
 * The Activity page's calls (docs/api.md "GET /activity"), typed by the shared contract: a page
 * of entries, and the same filters as a CSV file.
 */
import type { ActivityPage } from '#shared/activity/rules';
import { API_BASE_PATH } from '#shared/constants';
import type { ActivityRequest } from '#machines/activity/activity.machine';
import type { ApiClient } from '../../api/client.ts';

const ACTIVITY_PATH = '/activity';

export function activityApi(api: ApiClient) {
  return {
    page: (request: ActivityRequest) =>
      api.get<ActivityPage>(ACTIVITY_PATH, { searchParams: { ...request } }),
    csvUrl: (query: Record<string, string>) =>
      `${API_BASE_PATH}${ACTIVITY_PATH}?${new URLSearchParams({ ...query, format: 'csv' })}`,
    csvFile: (query: Record<string, string>) =>
      api.get<Blob>(ACTIVITY_PATH, { searchParams: { ...query, format: 'csv' }, as: 'blob' }),
  };
}
