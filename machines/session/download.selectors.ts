import type { SnapshotFrom } from 'xstate';
import type { downloadMachine } from './download.machine.ts';

export type DownloadSnapshot = SnapshotFrom<typeof downloadMachine>;

/** The file is on its way: the link shows a loader and is busy. */
export function selectFetchingFile(snapshot: DownloadSnapshot): boolean {
  return snapshot.matches('fetching');
}
