/** What a new zone's buttons show, from its countdown's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { zoneCountdownMachine } from './zone-countdown.machine.ts';

export type ZoneCountdownSnapshot = SnapshotFrom<typeof zoneCountdownMachine>;

/** Seconds the zone stays disabled, or 0 once it is unlocked. */
export function selectSecondsLeft(snapshot: ZoneCountdownSnapshot): number {
  return snapshot.matches('done') ? 0 : Math.max(0, snapshot.context.remaining);
}
