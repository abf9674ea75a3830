/**
 * The managed server view's calls (docs/api.md "Managed hosting"), all under
 * /managed_vm/{iid}. Every call goes through the app's HTTP client.
 */
import type { ManagedListName, NginxRecord, RenderedFile } from '#shared/managed';
import type { ApiClient } from '../../api/client.ts';

/** The path of an item for its PUT and DELETE (PHP settings are named by their key). */
const ITEM_PATHS: Record<ManagedListName, string> = {
  ssl_certs: 'ssl_certs',
  mysql_database: 'mysql_database',
  vhosts: 'vhosts',
  ftp_users: 'ftp_users',
  domain_redirects: 'domain_redirects',
  php_settings: 'php_settings',
};

export function managedApi(api: ApiClient, iid: number) {
  const base = `/managed_vm/${iid}`;
  return {
    list: async (list: ManagedListName) =>
      (await api.get<{ records: Record<string, unknown>[] }>(`${base}/${list}`)).records,
    create: (list: ManagedListName, values: Record<string, unknown>) =>
      api.post<Record<string, unknown>>(`${base}/${list}`, values),
    update: (list: ManagedListName, id: string, values: Record<string, unknown>) =>
      list === 'vhosts' && 'aliases' in values
        ? api.put<Record<string, unknown>>(
            `${base}/vhosts/${encodeURIComponent(id)}/domain_aliases`,
            values,
          )
        : api.put<Record<string, unknown>>(
            `${base}/${ITEM_PATHS[list]}/${encodeURIComponent(id)}`,
            values,
          ),
    remove: (list: ManagedListName, id: string) =>
      api.delete<unknown>(`${base}/${ITEM_PATHS[list]}/${encodeURIComponent(id)}`),
    nginx: () => api.get<NginxRecord>(`${base}/nginx`),
    switchNginx: (enable: boolean) => api.put<NginxRecord>(`${base}/nginx`, { enable }),
    websitesUserPassword: (password: string) =>
      api.put<unknown>(`${base}/websites_user`, { password }),
    configuration: async () =>
      (await api.get<{ files: RenderedFile[] }>(`${base}/configuration`)).files,
  };
}

export type ManagedApi = ReturnType<typeof managedApi>;
