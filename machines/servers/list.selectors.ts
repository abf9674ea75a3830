/** What the servers table shows, from the list machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { ServerRecord, ServerSortColumn } from '#shared/servers';
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
