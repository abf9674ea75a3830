/**
 * The managed server a view is about (portal.md §2 "/servers/{server}/manage", §8 "Viewed server
 * absent after load": "Server not found"), loaded by the pages' loader machine
 * (`managedServerLoader`, machines/session/loader.machine.ts) from GET /servers/{iid}: its name heads the view. A server
 * the customer does not have (the API answered 404: the app loads `null`) or one that is not
 * managed is not found.
 */
import { hasPermission } from '#shared/permissions';
import type { ServerRecord } from '#shared/servers/rules';
import { selectUser, type SessionSnapshot } from '../session/session.selectors.ts';
import { createLoaderMachine } from '../session/loader.machine.ts';
import type { LoaderSnapshot } from '../session/loader.selectors.ts';

/** The server, or `null` where the API answered 404. */
export const managedServerLoader = createLoaderMachine<ServerRecord | null>();

export type ManagedServerView =
  | { status: 'loading' }
  | { status: 'found'; iid: number; name: string }
  | { status: 'not found' }
  | { status: 'failed'; error: string | null };

export function selectManagedServer(s: LoaderSnapshot<ServerRecord | null>): ManagedServerView {
  if (s.matches('failed')) return { status: 'failed', error: s.context.error };
  if (s.matches('loading')) return { status: 'loading' };
  const server = s.context.data;
  if (!server?.managed) return { status: 'not found' };
  return { status: 'found', iid: server.iid, name: server.name };
}

/**
 * The logged-in user may only view managed servers (services view without manage): the view
 * offers no change, as the server refuses every one (403).
 */
export const selectManagedReadOnly = (s: SessionSnapshot): boolean =>
  !hasPermission(selectUser(s)?.perms, 'services.manage');
