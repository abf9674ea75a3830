/**
 * The servers pages' calls (docs/api.md "Servers"), typed by the shared contract, and the power
 * status poll with backoff the power machine runs (`powerPollDelay`).
 */
import { fromCallback, fromPromise } from 'xstate';
import {
  powerPollDelay,
  serverPath,
  SERVERS_PATHS,
  sortedServersPath,
  type PowerStatus,
  type ServerCreate,
  type ServerPowerAction,
  type ServerRecord,
  type ServerSize,
} from '#shared/servers/rules';
import type { ListAnswer, ListInput } from '#machines/servers/list.machine';
import type { PowerEvent } from '#machines/servers/power.machine';
import { ApiFailure, type ApiClient } from '../../api/client.ts';

export function serversApi(api: ApiClient) {
  const calls = {
    list: async ({ column, ascending }: ListInput): Promise<ListAnswer> => {
      const [{ servers }, { count }] = await Promise.all([
        api.get<{ servers: ServerRecord[] }>(sortedServersPath(column, ascending)),
        api.get<{ count: number }>(SERVERS_PATHS.count),
      ]);
      return { servers, count };
    },
    create: (server: ServerCreate) =>
      api.post<{ server: ServerRecord }>(SERVERS_PATHS.create, server).then((r) => r.server),
    update: (iid: number, size: ServerSize) =>
      api.put<{ server: ServerRecord }>(serverPath(iid), size).then((r) => r.server),
    remove: (iid: number) => api.delete<unknown>(serverPath(iid)),
    powerStatus: (iid: number) => api.get<PowerStatus>(serverPath(iid, '/power_status')),
    power: (iid: number, action: ServerPowerAction) =>
      api.post<PowerStatus>(serverPath(iid, `/${action}`)),
  };
  return {
    ...calls,
    /** The list machine's calls (its new server form is provided with `createActor`). */
    listActors: {
      load: fromPromise<ListAnswer, ListInput>(({ input }) => calls.list(input)),
      remove: fromPromise<unknown, { iid: number }>(({ input }) => calls.remove(input.iid)),
    },
    /** The new server form's POST /servers/: a refusal carries the server's field errors. */
    createActor: fromPromise<ServerRecord, ServerCreate>(({ input }) =>
      withFieldErrors(() => calls.create(input)),
    ),
    /** The power machine's actors. */
    powerActors: {
      load: fromPromise<PowerStatus, { iid: number }>(({ input }) => calls.powerStatus(input.iid)),
      send: fromPromise<PowerStatus, { iid: number; action: ServerPowerAction }>(({ input }) =>
        calls.power(input.iid, input.action),
      ),
      poll: fromCallback<PowerEvent, { iid: number }>(({ sendBack, input }) => {
        let attempt = 0;
        let stopped = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const next = () => {
          timer = setTimeout(() => void tick(), powerPollDelay(attempt));
          attempt += 1;
        };
        const tick = async () => {
          try {
            const status = await calls.powerStatus(input.iid);
            if (!stopped) sendBack({ type: 'power.polled', status });
          } catch {
            // A failed read is tried again at the next delay; the give-up timer decides.
          }
          if (!stopped) next();
        };
        next();
        return () => {
          stopped = true;
          clearTimeout(timer);
        };
      }),
    },
    /** The editor's save: a refusal carries the server's field errors. */
    save: (iid: number) =>
      fromPromise<ServerRecord, ServerSize>(({ input }) =>
        withFieldErrors(() => calls.update(iid, input)),
      ),
  };
}

/** A refused call as an error the machines read: its message and the server's field errors. */
async function withFieldErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiFailure) {
      throw Object.assign(new Error(error.message), { errors: error.fieldErrors });
    }
    throw error;
  }
}
