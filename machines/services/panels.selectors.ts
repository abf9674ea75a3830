/** Which service panels are open, from the panels machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { panelsMachine } from './panels.machine.ts';

export type PanelsSnapshot = SnapshotFrom<typeof panelsMachine>;

export function selectOpenPanels(snapshot: PanelsSnapshot): string[] {
  return snapshot.context.open;
}

export function selectPanelOpen(snapshot: PanelsSnapshot, key: string): boolean {
  return snapshot.context.open.includes(key);
}
