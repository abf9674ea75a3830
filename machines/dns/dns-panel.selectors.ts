/** What the DNS panel shows, from its machine's snapshot (and its zones' countdowns). */
import type { SnapshotFrom } from 'xstate';
import { RECORD_TYPES, type DnsRecord, type DnsZone, type RecordType } from '#shared/dns';
import { DNS_MESSAGES } from '#shared/messages/dns';
import type { dnsPanelMachine } from './dns-panel.machine.ts';
import type { ZoneCountdownActor } from './zone-countdown.machine.ts';
import { selectSecondsLeft } from './zone-countdown.selectors.ts';

export type DnsPanelSnapshot = SnapshotFrom<typeof dnsPanelMachine>;
type PanelState =
  | 'deciding'
  | 'loadingZones'
  | 'loadingRecords'
  | 'failed'
  | 'ready'
  | 'editing'
  | 'confirming'
  | 'changing'
  | 'reviewingImport';

const is = (snapshot: DnsPanelSnapshot, state: PanelState) => snapshot.matches(state);

export function selectLoading(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'loadingZones') || is(snapshot, 'loadingRecords') || is(snapshot, 'deciding');
}

export function selectBusy(snapshot: DnsPanelSnapshot): boolean {
  return selectLoading(snapshot) || is(snapshot, 'changing');
}

export function selectLoadFailed(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'failed');
}

export function selectZones(snapshot: DnsPanelSnapshot): DnsZone[] {
  return snapshot.context.zones;
}

export function selectActiveZone(snapshot: DnsPanelSnapshot): DnsZone | null {
  const { zones, activeZoneId } = snapshot.context;
  return zones.find((zone) => zone.zone_id === activeZoneId) ?? null;
}

export interface PagerView {
  /** "11–20 of 27". */
  from: number;
  to: number;
  total: number;
  canNext: boolean;
  canPrevious: boolean;
  showingAll: boolean;
}

function pager(
  snapshot: DnsPanelSnapshot,
  paging: { limit: number; offset: number; total: number },
  shown: number,
  next: 'zones.next.pressed' | 'records.next.pressed',
  previous: 'zones.previous.pressed' | 'records.previous.pressed',
): PagerView {
  return {
    from: shown === 0 ? 0 : paging.offset + 1,
    to: paging.offset + shown,
    total: paging.total,
    canNext: snapshot.can({ type: next }),
    canPrevious: snapshot.can({ type: previous }),
    showingAll: paging.offset === 0 && paging.limit >= paging.total && paging.total > 0,
  };
}

export function selectZonePager(snapshot: DnsPanelSnapshot): PagerView {
  const { zonePaging, zones } = snapshot.context;
  return pager(snapshot, zonePaging, zones.length, 'zones.next.pressed', 'zones.previous.pressed');
}

export function selectRecordPager(snapshot: DnsPanelSnapshot): PagerView {
  const { recordPaging, records } = snapshot.context;
  return pager(
    snapshot,
    recordPaging,
    records.length,
    'records.next.pressed',
    'records.previous.pressed',
  );
}

/** The page's records grouped by type, in the panel's order of types. */
export function selectRecordGroups(
  snapshot: DnsPanelSnapshot,
): { recordType: RecordType; records: DnsRecord[] }[] {
  return RECORD_TYPES.map((recordType) => ({
    recordType,
    records: snapshot.context.records.filter((r) => r.record_type === recordType),
  })).filter((group) => group.records.length > 0);
}

/** The countdown of a zone created here while it runs (its buttons follow it), or null. */
export function selectZoneCountdown(
  snapshot: DnsPanelSnapshot,
  zoneId: number,
): ZoneCountdownActor | null {
  if (!snapshot.context.lockedZoneIds.includes(zoneId)) return null;
  const children = snapshot.children as Record<string, ZoneCountdownActor | undefined>;
  return children[`countdown-${zoneId}`] ?? null;
}

/** Seconds a new zone's edit and delete stay disabled (0: enabled). */
export function selectZoneSecondsLeft(snapshot: DnsPanelSnapshot, zoneId: number): number {
  const child = selectZoneCountdown(snapshot, zoneId);
  return child ? selectSecondsLeft(child.getSnapshot()) : 0;
}

/** A zone button's label: "Delete", or "Delete (Disabled for 42s)" while it counts down. */
export function selectZoneButtonLabel(
  snapshot: DnsPanelSnapshot,
  zoneId: number,
  label: string,
): string {
  const seconds = selectZoneSecondsLeft(snapshot, zoneId);
  return seconds > 0 ? DNS_MESSAGES.disabledFor(label, seconds) : label;
}

export function selectEditor(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'editing') ||
    (is(snapshot, 'changing') && snapshot.context.change?.kind === 'record.save')
    ? snapshot.context.editor
    : null;
}

export function selectSavingRecord(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'changing') && snapshot.context.change?.kind === 'record.save';
}

export function selectPendingDelete(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'confirming') ? snapshot.context.pendingDelete : null;
}

export function selectImportPreview(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'reviewingImport') ? snapshot.context.preview : null;
}

export function selectError(snapshot: DnsPanelSnapshot): string | null {
  return snapshot.context.error;
}

const NOTICES: Record<string, string> = {
  'zone.delete': DNS_MESSAGES.zoneDeleted,
  'record.delete': DNS_MESSAGES.recordDeleted,
  'alias.delete': DNS_MESSAGES.aliasDeleted,
  'import.apply': DNS_MESSAGES.importApplied,
};

/** What the last change did, in words (only for the changes that say so). */
export function selectNotice(snapshot: DnsPanelSnapshot): string | null {
  const kind = snapshot.context.notice;
  return kind ? (NOTICES[kind] ?? null) : null;
}

/**
 * A zone's publication state in words: with no publisher configured (`off`) it says that nothing
 * serves the zone, never "Published"; otherwise the publisher's state.
 */
export function selectPublicationText(zone: DnsZone): string {
  const { state, error } = zone.publication;
  switch (state) {
    case 'off':
      return DNS_MESSAGES.publicationOff;
    case 'published':
      return DNS_MESSAGES.publicationPublished;
    case 'pending':
      return DNS_MESSAGES.publicationPending;
    case 'failed':
      return DNS_MESSAGES.publicationFailed(error ?? '');
  }
}

/** The create-a-zone form's field errors after the server refused it (zone_name, ttl). */
export function selectZoneFieldErrors(
  snapshot: DnsPanelSnapshot,
): Readonly<Record<string, string>> {
  return snapshot.context.zoneErrors;
}
