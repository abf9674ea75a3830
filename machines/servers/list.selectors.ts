/** What the servers table and a server's page show, from the list machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { confirmDelete } from '#shared/servers/messages';
import type { ServerRecord, ServerSortColumn } from '#shared/servers/rules';
import type { CreateServerActor } from './create.machine.ts';
import type { listMachine } from './list.machine.ts';

export type ListSnapshot = SnapshotFrom<typeof listMachine>;

export function selectServers(snapshot: ListSnapshot): ServerRecord[] {
  return snapshot.context.servers;
}

export function selectServerCount(snapshot: ListSnapshot): number {
  return snapshot.context.count;
}

export function selectSort(snapshot: ListSnapshot): {
  column: ServerSortColumn;
  ascending: boolean;
} {
  return { column: snapshot.context.column, ascending: snapshot.context.ascending };
}

export function selectListLoading(snapshot: ListSnapshot): boolean {
  return snapshot.matches('loading');
}

export function selectListBusy(snapshot: ListSnapshot): boolean {
  return !snapshot.matches('ready');
}

export function selectListError(snapshot: ListSnapshot): string | null {
  return snapshot.context.error;
}

/** The list could not be loaded: the page offers Reload. */
export function selectListFailed(snapshot: ListSnapshot): boolean {
  return snapshot.matches('failed');
}

/** portal.md §8: the viewed server is absent once the list has loaded. */
export function selectServerNotFound(snapshot: ListSnapshot, iid: number): boolean {
  return snapshot.matches('ready') && !snapshot.context.servers.some((s) => s.iid === iid);
}

export function selectServer(snapshot: ListSnapshot, iid: number): ServerRecord | null {
  return snapshot.context.servers.find((s) => s.iid === iid) ?? null;
}

/** The user may add, change and delete servers (services manage): the controls show. */
export function selectCanManage(snapshot: ListSnapshot): boolean {
  return snapshot.context.manages;
}

/** New server can be pressed now (the table is shown and the user manages services). */
export function selectCanCreate(snapshot: ListSnapshot): boolean {
  return snapshot.can({ type: 'server.new.pressed' });
}

/** Delete server can be pressed now for this server. */
export function selectCanDelete(snapshot: ListSnapshot, iid: number): boolean {
  return snapshot.can({ type: 'server.delete.pressed', iid });
}

/** The new server form while it is open. */
export function selectCreateForm(snapshot: ListSnapshot): CreateServerActor | undefined {
  return (snapshot.children as { createForm?: CreateServerActor }).createForm;
}

/** While a delete waits (or is being sent): the question naming the server and what is lost. */
export function selectDeleteConfirmation(
  snapshot: ListSnapshot,
): { question: string; deleting: boolean } | null {
  const pending = snapshot.context.pendingDelete;
  if (!pending || !(snapshot.matches('confirmingDelete') || snapshot.matches('deleting')))
    return null;
  return {
    question: confirmDelete(pending.name, pending.disk),
    deleting: snapshot.matches('deleting'),
  };
}

/** The server was deleted: the page opens the servers list. */
export function selectServerDeleted(snapshot: ListSnapshot): boolean {
  return snapshot.matches('deleted');
}
