/** What the DNS panel's forms show, from the forms machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { RECORD_FIELDS, TARGET_FIELDS, servedTarget, type RecordType } from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import type { DnsForm, dnsFormsMachine, FormFailure } from './dns-forms.machine.ts';

export type DnsFormsSnapshot = SnapshotFrom<typeof dnsFormsMachine>;
type FormsState = 'closed' | 'editingRecord' | 'editingZone' | 'confirming' | 'sending';

const is = (snapshot: DnsFormsSnapshot, state: FormsState) => snapshot.matches(state);
const sending = (snapshot: DnsFormsSnapshot, ...kinds: string[]) =>
  is(snapshot, 'sending') && kinds.includes(snapshot.context.change?.kind ?? '');

/** A change is on its way. */
export function selectSending(snapshot: DnsFormsSnapshot): boolean {
  return is(snapshot, 'sending');
}

/** The change on its way (what the forms asked for), or null. */
export function selectChange(snapshot: DnsFormsSnapshot) {
  return is(snapshot, 'sending') ? snapshot.context.change : null;
}

/** The record editor while it is open (or its record is being saved). */
export function selectEditor(snapshot: DnsFormsSnapshot) {
  return is(snapshot, 'editingRecord') || sending(snapshot, 'record.save')
    ? snapshot.context.editor
    : null;
}

/** What a field of the record editor holds. */
export function selectEditorValue(snapshot: DnsFormsSnapshot, field: string): string {
  return snapshot.context.editor?.values[field] ?? '';
}

export function selectSavingRecord(snapshot: DnsFormsSnapshot): boolean {
  return sending(snapshot, 'record.save');
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
export function selectServedName(snapshot: DnsFormsSnapshot): ServedName | null {
  const editor = selectEditor(snapshot);
  const zone = snapshot.context.zone;
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
export function selectZoneEditor(snapshot: DnsFormsSnapshot) {
  return is(snapshot, 'editingZone') || sending(snapshot, 'zone.update')
    ? snapshot.context.zoneEditor
    : null;
}

export function selectSavingZone(snapshot: DnsFormsSnapshot): boolean {
  return sending(snapshot, 'zone.update');
}

/** The delete waiting to be confirmed, while it waits or is being sent. */
export function selectPendingDelete(snapshot: DnsFormsSnapshot) {
  return is(snapshot, 'confirming') ||
    sending(snapshot, 'zone.delete', 'record.delete', 'alias.delete')
    ? snapshot.context.pendingDelete
    : null;
}

export function selectDeleting(snapshot: DnsFormsSnapshot): boolean {
  return is(snapshot, 'sending') && selectPendingDelete(snapshot) !== null;
}

export function selectImportPreview(snapshot: DnsFormsSnapshot) {
  return is(snapshot, 'closed') ? snapshot.context.preview : null;
}

/** Why the last change was refused, and in which form. */
export function selectFailure(snapshot: DnsFormsSnapshot): FormFailure | null {
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
function fieldsOf(snapshot: DnsFormsSnapshot, form: DnsForm): readonly string[] {
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
export function selectFormFailure(snapshot: DnsFormsSnapshot, form: DnsForm): FormFailureView {
  const failure = snapshot.context.failure;
  if (failure?.form !== form) return NO_FAILURE;
  // One view per refusal: the page follows a new refusal (moving focus to it) by identity.
  let view = failureViews.get(failure);
  if (!view) failureViews.set(failure, (view = failureView(snapshot, failure)));
  return view;
}
const failureViews = new WeakMap<FormFailure, FormFailureView>();

function failureView(snapshot: DnsFormsSnapshot, failure: FormFailure): FormFailureView {
  const fields = fieldsOf(snapshot, failure.form);
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
export function selectNewZone(snapshot: DnsFormsSnapshot) {
  return snapshot.context.newZone;
}

export function selectAliasName(snapshot: DnsFormsSnapshot): string {
  return snapshot.context.aliasName;
}

export function selectImportFile(snapshot: DnsFormsSnapshot): string {
  return snapshot.context.importFile;
}

export function selectRecordType(snapshot: DnsFormsSnapshot): RecordType {
  return snapshot.context.recordType;
}

/**
 * The user may change DNS (services manage, portal.md §6): the forms work. A user who may only
 * view finds them disabled, with {@link selectReadOnlyReason}.
 */
export function selectCanChange(snapshot: DnsFormsSnapshot): boolean {
  return snapshot.context.manages;
}

/** Why the forms are disabled for this user, or null when they are not. */
export function selectReadOnlyReason(snapshot: DnsFormsSnapshot): string | null {
  return snapshot.context.manages ? null : DNS_MESSAGES.readOnly;
}

const NOTICES: Record<string, string> = {
  'zone.delete': DNS_MESSAGES.zoneDeleted,
  'record.delete': DNS_MESSAGES.recordDeleted,
  'alias.delete': DNS_MESSAGES.aliasDeleted,
  'import.apply': DNS_MESSAGES.importApplied,
};

/** What the last change did, in words (only for the changes that say so). */
export function selectNotice(snapshot: DnsFormsSnapshot): string | null {
  const kind = snapshot.context.notice;
  return kind ? (NOTICES[kind] ?? null) : null;
}
