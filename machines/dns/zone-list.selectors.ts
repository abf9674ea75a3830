/** What the DNS panel's zone list shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DnsZone } from '#shared/dns/rules';
import type { Paging, zoneListMachine } from './zone-list.machine.ts';

export type ZoneListSnapshot = SnapshotFrom<typeof zoneListMachine>;

export interface PagerView {
  /** "11–20 of 27". */
  from: number;
  to: number;
  total: number;
  canNext: boolean;
  canPrevious: boolean;
  showingAll: boolean;
}

/** A pager over a page of `shown` items, its buttons as the list's machine takes them. */
export function pagerView(paging: Paging, shown: number, canNext: boolean, canPrevious: boolean) {
  return {
    from: shown === 0 ? 0 : paging.offset + 1,
    to: paging.offset + shown,
    total: paging.total,
    canNext,
    canPrevious,
    showingAll: paging.offset === 0 && paging.limit >= paging.total && paging.total > 0,
  } satisfies PagerView;
}

export function selectZoneListLoading(snapshot: ZoneListSnapshot): boolean {
  return snapshot.matches('loading');
}

export function selectZones(snapshot: ZoneListSnapshot): DnsZone[] {
  return snapshot.context.zones;
}

export function selectActiveZone(snapshot: ZoneListSnapshot): DnsZone | null {
  const { zones, activeZoneId } = snapshot.context;
  return zones.find((zone) => zone.zone_id === activeZoneId) ?? null;
}

/** The page asked for (what a load sends). */
export function selectZonePaging(snapshot: ZoneListSnapshot): Paging {
  return snapshot.context.paging;
}

export function selectZonePager(snapshot: ZoneListSnapshot): PagerView {
  const { paging, zones } = snapshot.context;
  return pagerView(
    paging,
    zones.length,
    snapshot.can({ type: 'zones.next.pressed' }),
    snapshot.can({ type: 'zones.previous.pressed' }),
  );
}

export function selectZoneListError(snapshot: ZoneListSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.loadError : null;
}
