/**
 * A short shared copy of the hypervisor's machine list (docs/servers.md "Power states in lists"):
 * one `list()` call serves every list request of this instance for {@link LIST_MAX_AGE_MS}, with
 * the instant it was asked for (the app's clock). Its states are used only where they are still
 * true: servers.ts reads a server's state from it only when the server's last power change
 * (`power_action_at`, stamped when an action is claimed and again when its task is seen ended, by
 * whichever instance) is older than that instant; a server changed since, one under way, or one
 * missing from the copy is asked of the hypervisor itself. A change made outside the portal (the
 * machine shut down from inside) shows within {@link LIST_MAX_AGE_MS}, as on the next poll of a
 * list that had asked the hypervisor each time.
 */
import type { Clock } from '../clock.ts';
import type { Hypervisor, VmStatus } from './types.ts';

/** How long a copy of the list serves: about the page's first power poll. */
export const LIST_MAX_AGE_MS = 1000;

export interface ListedStates {
  /** When the list was asked for (the app's clock): its states are those of that instant or later. */
  askedAt: Date;
  states: Map<number, VmStatus>;
}

interface Kept {
  askedAt: number;
  listing: Promise<ListedStates>;
}

const kept = new WeakMap<Hypervisor, Kept>();

/** The hypervisor's states as listed at most {@link LIST_MAX_AGE_MS} ago (one call shared). */
export function listedStates(hv: Hypervisor, clock: Clock): Promise<ListedStates> {
  const now = clock.now();
  const copy = kept.get(hv);
  const age = copy ? now.getTime() - copy.askedAt : Number.POSITIVE_INFINITY;
  if (copy && age >= 0 && age < LIST_MAX_AGE_MS) return copy.listing;
  const listing = hv.list().then((vms) => ({
    askedAt: now,
    states: new Map(vms.map((vm) => [vm.vmid, vm.status])),
  }));
  const entry = { askedAt: now.getTime(), listing };
  kept.set(hv, entry);
  // A failed call is not kept: the next request asks again.
  listing.catch(() => {
    if (kept.get(hv) === entry) kept.delete(hv);
  });
  return listing;
}
