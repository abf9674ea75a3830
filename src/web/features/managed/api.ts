/**
 * The managed server view's calls (docs/api.md "Managed hosting"), all under
 * /managed_vm/{iid}, and the server itself (GET /servers/{iid}) for its name. Every call goes
 * through the app's HTTP client.
 */
import type { ManagedListName, NginxRecord, RenderedFile } from '#shared/managed/rules';
import type { ManagedEdit } from '#shared/managed/forms';
import type { ServerRecord } from '#shared/servers/rules';
import { ApiFailure, type ApiClient } from '../../api/client.ts';

/** Where a change of an item is sent, under its own path (portal.md §7). */
const EDIT_PATHS: Record<ManagedEdit, (path: string) => string> = {
  password: (path) => path,
  ssl: (path) => path,
  aliases: (path) => `${path}/domain_aliases`,
};

export function managedApi(api: ApiClient, iid: number) {
  const base = `/managed_vm/${iid}`;
  const item = (list: ManagedListName, id: string) => `${base}/${list}/${encodeURIComponent(id)}`;
  return {
    /** The server, or null when the customer has no such server (404). */
    server: async (): Promise<ServerRecord | null> => {
      try {
        return (await api.get<{ server: ServerRecord }>(`/servers/${iid}`)).server;
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 404) return null;
        throw error;
      }
    },
    list: async (list: ManagedListName) =>
      (await api.get<{ records: Record<string, unknown>[] }>(`${base}/${list}`)).records,
    create: (list: ManagedListName, values: Record<string, unknown>) =>
      api.post<Record<string, unknown>>(`${base}/${list}`, values),
    update: (
      list: ManagedListName,
      id: string,
      edit: ManagedEdit,
      values: Record<string, unknown>,
    ) => api.put<Record<string, unknown>>(EDIT_PATHS[edit](item(list, id)), values),
    remove: (list: ManagedListName, id: string) => api.delete<unknown>(item(list, id)),
    nginx: () => api.get<NginxRecord>(`${base}/nginx`),
    switchNginx: (enable: boolean) => api.put<NginxRecord>(`${base}/nginx`, { enable }),
    websitesUserPassword: (password: string) =>
      api.put<unknown>(`${base}/websites_user`, { password }),
    configuration: async () =>
      (await api.get<{ files: RenderedFile[] }>(`${base}/configuration`)).files,
  };
}

export type ManagedApi = ReturnType<typeof managedApi>;
