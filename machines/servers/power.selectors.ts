/** What a server's power controls show, from the power machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { ServerPower } from '#shared/servers/rules';
import type { powerMachine } from './power.machine.ts';

export type PowerSnapshot = SnapshotFrom<typeof powerMachine>;

/** The power shown: the action's in-between state while ours runs. */
export function selectPower(snapshot: PowerSnapshot): ServerPower | null {
  if (snapshot.matches('busy')) {
    const action = snapshot.context.action;
    return action === 'start' ? 'starting' : action === 'stop' ? 'stopping' : 'force_stopping';
  }
  return snapshot.context.power;
}

export function selectCanStart(snapshot: PowerSnapshot): boolean {
  return snapshot.can({ type: 'server.start.pressed' });
}

export function selectCanStop(snapshot: PowerSnapshot): boolean {
  return snapshot.can({ type: 'server.stop.pressed' });
}

export function selectCanForceStop(snapshot: PowerSnapshot): boolean {
  return snapshot.can({ type: 'server.forcestop.pressed' });
}

export function selectConfirmingForceStop(snapshot: PowerSnapshot): boolean {
  return snapshot.matches('confirmingForceStop');
}

/** An action runs: every power button is disabled. */
export function selectPowerBusy(snapshot: PowerSnapshot): boolean {
  return snapshot.matches('busy') || snapshot.matches('waiting') || snapshot.matches('loading');
}

/** Seconds since shutdown, counting up locally while stopped; null otherwise. */
export function selectSecondsSinceShutdown(snapshot: PowerSnapshot): number | null {
  return snapshot.matches('stopped') ? snapshot.context.secondsSinceShutdown : null;
}

export function selectPowerError(snapshot: PowerSnapshot): string | null {
  return snapshot.context.error;
}

export function selectPowerFailed(snapshot: PowerSnapshot): boolean {
  return snapshot.matches('failed');
}
