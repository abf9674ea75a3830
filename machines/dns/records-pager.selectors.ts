/** What the DNS panel's records pager shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { RECORD_TYPES, type DnsRecord, type RecordType } from '#shared/dns/rules';
import type { recordsPagerMachine } from './records-pager.machine.ts';
import type { Paging } from './zone-list.machine.ts';
import { pagerView, type PagerView } from './zone-list.selectors.ts';

export type RecordsPagerSnapshot = SnapshotFrom<typeof recordsPagerMachine>;

export function selectRecordsLoading(snapshot: RecordsPagerSnapshot): boolean {
  return snapshot.matches('loading');
}

/** The page asked for (what a load sends), and the zone it is of. */
export function selectRecordPaging(snapshot: RecordsPagerSnapshot): Paging {
  return snapshot.context.paging;
}

export function selectRecordsZoneId(snapshot: RecordsPagerSnapshot): number | null {
  return snapshot.context.zoneId;
}

export function selectRecordPager(snapshot: RecordsPagerSnapshot): PagerView {
  const { paging, records } = snapshot.context;
  return pagerView(
    paging,
    records.length,
    snapshot.can({ type: 'records.next.pressed' }),
    snapshot.can({ type: 'records.previous.pressed' }),
  );
}

export function selectRecordsError(snapshot: RecordsPagerSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.loadError : null;
}

export type RecordGroup = { recordType: RecordType; records: DnsRecord[] };
const recordGroups = new WeakMap<DnsRecord[], RecordGroup[]>();

/** The page's records grouped by type, in the panel's order of types. */
export function selectRecordGroups(snapshot: RecordsPagerSnapshot): RecordGroup[] {
  // One grouping per page of records: the page re-renders its rows only when they change.
  const { records } = snapshot.context;
  let groups = recordGroups.get(records);
  if (!groups) {
    groups = RECORD_TYPES.map((recordType) => ({
      recordType,
      records: records.filter((r) => r.record_type === recordType),
    })).filter((group) => group.records.length > 0);
    recordGroups.set(records, groups);
  }
  return groups;
}
