/**
 * What a server's page shows from its page machine: the server, whether it is absent, and the
 * children the view reads with their own selectors (the list, the power, the editor).
 */
import type { SnapshotFrom } from 'xstate';
import type { ServerRecord } from '#shared/servers/rules';
import type { EditorActor } from './editor.machine.ts';
import type { ListActor } from './list.machine.ts';
import type { PowerActor } from './power.machine.ts';
import type { serverPageMachine } from './server-page.machine.ts';

export type ServerPageSnapshot = SnapshotFrom<typeof serverPageMachine>;

/** The servers read (the page's `list` child): its error, busy state, delete and permissions. */
export function selectPageList(snapshot: ServerPageSnapshot): ListActor | undefined {
  return snapshot.children.list as ListActor | undefined;
}

/** The power buttons (the page's `power` child). */
export function selectPagePower(snapshot: ServerPageSnapshot): PowerActor | undefined {
  return snapshot.children.power as PowerActor | undefined;
}

/** The editor (the page's `editor` child), while the server is shown. */
export function selectPageEditor(snapshot: ServerPageSnapshot): EditorActor | undefined {
  return snapshot.children.editor as EditorActor | undefined;
}

/** The server as last read, while it is listed. */
export function selectPageServer(snapshot: ServerPageSnapshot): ServerRecord | null {
  return snapshot.matches('shown') ? snapshot.context.server : null;
}

/** portal.md §8: the server is absent once the servers are read. */
export function selectPageServerNotFound(snapshot: ServerPageSnapshot): boolean {
  return snapshot.matches('notFound');
}

/** The servers are being read for the first time. */
export function selectPageLoading(snapshot: ServerPageSnapshot): boolean {
  return snapshot.matches('loading');
}

/** The server was deleted: the servers list opens. */
export function selectPageServerDeleted(snapshot: ServerPageSnapshot): boolean {
  return snapshot.matches('deleted');
}
