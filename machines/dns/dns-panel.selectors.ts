/** What the DNS panel shows, from its machine's snapshot (and its zones' countdowns). */
import type { SnapshotFrom } from 'xstate';
import {
  RECORD_FIELDS,
  RECORD_TYPES,
  TARGET_FIELDS,
  servedTarget,
  type DnsRecord,
  type DnsZone,
  type RecordType,
} from '#shared/dns';
import { DNS_MESSAGES } from '#shared/messages/dns';
import type { DnsForm, dnsPanelMachine, FormFailure } from './dns-panel.machine.ts';
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
  | 'editingZone'
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
export function selectRecordGroups(snapshot: DnsPanelSnapshot): RecordGroup[] {
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
type RecordGroup = { recordType: RecordType; records: DnsRecord[] };
const recordGroups = new WeakMap<DnsRecord[], RecordGroup[]>();

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

/** The record editor while it is open (or its record is being saved). */
export function selectEditor(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'editing') ||
    (is(snapshot, 'changing') && snapshot.context.change?.kind === 'record.save')
    ? snapshot.context.editor
    : null;
}

/** What a field of the record editor holds. */
export function selectEditorValue(snapshot: DnsPanelSnapshot, field: string): string {
  return snapshot.context.editor?.values[field] ?? '';
}

export function selectSavingRecord(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'changing') && snapshot.context.change?.kind === 'record.save';
}

/** A target as it will be served, said under its field as it is typed. */
export interface ServedName {
  field: string;
  /** "Will be served as mail.example.com." */
  text: string;
  /** A short name that the spec's MX rule puts at the root of the DNS: the warning. */
  warning: string | null;
}

/**
 * The editor's target (CNAME, MX, NS, SRV, PTR), as it will be served: the shared rule
 * (`servedTarget`, which the server applies too), for a new record on create and for one being
 * changed on update (portal.md §5). Null while the target is empty or not a host name.
 */
export function selectServedName(snapshot: DnsPanelSnapshot): ServedName | null {
  const editor = selectEditor(snapshot);
  const zone = selectActiveZone(snapshot);
  const field = editor ? TARGET_FIELDS[editor.recordType] : undefined;
  if (!editor || !zone || !field) return null;
  const typed = editor.values[field] ?? '';
  if (typed.trim() === '') return null;
  const served = servedTarget(
    editor.recordType,
    typed,
    zone.zone_name,
    editor.record ? 'update' : 'create',
  );
  if (!served.ok) return null;
  return {
    field,
    text: DNS_MESSAGES.servedAs(served.served),
    warning: served.atRoot ? DNS_MESSAGES.servedAtRoot(typed.trim(), zone.zone_name) : null,
  };
}

/** A zone's TTL while it is being changed (or saved). */
export function selectZoneEditor(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'editingZone') ||
    (is(snapshot, 'changing') && snapshot.context.change?.kind === 'zone.update')
    ? snapshot.context.zoneEditor
    : null;
}

export function selectSavingZone(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'changing') && snapshot.context.change?.kind === 'zone.update';
}

/** The delete waiting to be confirmed, while it waits or is being sent. */
export function selectPendingDelete(snapshot: DnsPanelSnapshot) {
  const kind = snapshot.context.change?.kind;
  return is(snapshot, 'confirming') ||
    (is(snapshot, 'changing') &&
      (kind === 'zone.delete' || kind === 'record.delete' || kind === 'alias.delete'))
    ? snapshot.context.pendingDelete
    : null;
}

export function selectDeleting(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'changing') && selectPendingDelete(snapshot) !== null;
}

export function selectImportPreview(snapshot: DnsPanelSnapshot) {
  return is(snapshot, 'reviewingImport') ? snapshot.context.preview : null;
}

/** Why the lists could not be loaded. */
export function selectLoadError(snapshot: DnsPanelSnapshot): string | null {
  return snapshot.context.loadError;
}

/** Why the last change was refused, and in which form. */
export function selectFailure(snapshot: DnsPanelSnapshot): FormFailure | null {
  return snapshot.context.failure;
}

/** A form's refusal as the form shows it. */
export interface FormFailureView {
  /** The errors of the form's own fields, each shown on its field. */
  fieldErrors: Readonly<Record<string, string>>;
  /** The reason, shown inside the form when none of its fields shows one. */
  message: string | null;
  /** Errors naming no field of the form (an import's "line 3: …"), shown with the message. */
  details: string[];
}

const NO_FAILURE: FormFailureView = { fieldErrors: {}, message: null, details: [] };

/** The fields of each form, by the names the server's 422 `errors` use. */
function fieldsOf(snapshot: DnsPanelSnapshot, form: DnsForm): readonly string[] {
  switch (form) {
    case 'zone':
      return ['zone_name', 'ttl'];
    case 'zoneTtl':
      return ['ttl'];
    case 'alias':
      return ['alias_name'];
    case 'import':
      return ['zone_file'];
    case 'delete':
      return [];
    case 'record': {
      const type = snapshot.context.editor?.recordType;
      return type ? ['name', 'ttl', ...(RECORD_FIELDS[type] as string[])] : [];
    }
  }
}

/**
 * A form's refusal (null-free: a form without one shows nothing): the server's field errors on
 * the form's fields, and the reason inside the form when no field shows it.
 */
export function selectFormFailure(snapshot: DnsPanelSnapshot, form: DnsForm): FormFailureView {
  const failure = snapshot.context.failure;
  if (failure?.form !== form) return NO_FAILURE;
  // One view per refusal: the page follows a new refusal (moving focus to it) by identity.
  let view = failureViews.get(failure);
  if (!view) failureViews.set(failure, (view = failureView(snapshot, failure)));
  return view;
}
const failureViews = new WeakMap<FormFailure, FormFailureView>();

function failureView(snapshot: DnsPanelSnapshot, failure: FormFailure): FormFailureView {
  const { form } = failure;
  const fields = fieldsOf(snapshot, form);
  const entries = Object.entries(failure.fieldErrors);
  const onFields = entries.filter(([field]) => fields.includes(field));
  return {
    fieldErrors: Object.fromEntries(onFields),
    message: onFields.length === 0 ? failure.message : null,
    details:
      onFields.length === 0
        ? entries.map(([key, message]) => DNS_MESSAGES.importRecordError(key, message))
        : [],
  };
}

/** The Create zone form, as typed. */
export function selectNewZone(snapshot: DnsPanelSnapshot) {
  return snapshot.context.newZone;
}

export function selectAliasName(snapshot: DnsPanelSnapshot): string {
  return snapshot.context.aliasName;
}

export function selectImportFile(snapshot: DnsPanelSnapshot): string {
  return snapshot.context.importFile;
}

export function selectRecordType(snapshot: DnsPanelSnapshot): RecordType {
  return snapshot.context.recordType;
}

/**
 * The user may change DNS (services manage, portal.md §6): the forms work. A user who may only
 * view finds them disabled, with {@link selectReadOnlyReason}.
 */
export function selectCanChange(snapshot: DnsPanelSnapshot): boolean {
  return snapshot.context.manages;
}

/** Why the forms are disabled for this user, or null when they are not. */
export function selectReadOnlyReason(snapshot: DnsPanelSnapshot): string | null {
  return snapshot.context.manages ? null : DNS_MESSAGES.readOnly;
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
