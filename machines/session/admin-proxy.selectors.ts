import type { SnapshotFrom } from 'xstate';
import type { adminProxyMachine } from './admin-proxy.machine.ts';

export type AdminProxySnapshot = SnapshotFrom<typeof adminProxyMachine>;

export function selectSearching(snapshot: AdminProxySnapshot): boolean {
  return snapshot.matches('searching');
}

export function selectCustomers(snapshot: AdminProxySnapshot) {
  return snapshot.context.customers;
}

/** "No customer matches" once a search ran and found nobody. */
export function selectNoMatch(snapshot: AdminProxySnapshot): boolean {
  return (
    snapshot.matches('idle') && snapshot.context.searched && snapshot.context.customers.length === 0
  );
}

/** The customer being switched to, while the switch runs. */
export function selectSwitchingTo(snapshot: AdminProxySnapshot) {
  return snapshot.matches('verifying') ||
    snapshot.matches('switching') ||
    snapshot.matches('actingAs')
    ? snapshot.context.chosen
    : null;
}

export function selectAdminProxyError(snapshot: AdminProxySnapshot): string | null {
  return snapshot.context.error;
}
