import type { SnapshotFrom } from 'xstate';
import type { routeGateMachine } from './route-gate.machine.ts';

export type RouteGateSnapshot = SnapshotFrom<typeof routeGateMachine>;

export type GateVerdict =
  | { kind: 'pending' }
  | { kind: 'allowed' }
  /** Go to login; `redirect` brings the user back after logging in. */
  | { kind: 'login'; redirect: string }
  /** Go to account (the notification was shown). */
  | { kind: 'account' };

export function selectGateVerdict(snapshot: RouteGateSnapshot): GateVerdict {
  if (snapshot.matches('allowed') || snapshot.matches('idle')) return { kind: 'allowed' };
  if (snapshot.matches('loginRequired'))
    return { kind: 'login', redirect: snapshot.context.request?.href ?? '/account/' };
  if (snapshot.matches('denied')) return { kind: 'account' };
  return { kind: 'pending' };
}

/** The gate has decided about the last route asked for. */
export function selectGateDecided(snapshot: RouteGateSnapshot): boolean {
  return selectGateVerdict(snapshot).kind !== 'pending';
}
