/**
 * What the DNS page shows from its page machine: whether the lists load or failed, whether a
 * change is on its way, the new zones' countdowns, and the children the view reads on their own
 * (the zone list, the records pager, the forms: their selectors are beside their machines).
 */
import type { SnapshotFrom } from 'xstate';
import type { DnsZone } from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import type { DnsFormsActor } from './dns-forms.machine.ts';
import type { dnsPanelMachine } from './dns-panel.machine.ts';
import type { RecordsPagerActor } from './records-pager.machine.ts';
import type { ZoneCountdownActor } from './zone-countdown.machine.ts';
import { selectSecondsLeft } from './zone-countdown.selectors.ts';
import type { ZoneListActor } from './zone-list.machine.ts';

export type DnsPanelSnapshot = SnapshotFrom<typeof dnsPanelMachine>;
type PanelState = 'loadingZones' | 'loadingRecords' | 'failed' | 'ready' | 'changing';

const is = (snapshot: DnsPanelSnapshot, state: PanelState) => snapshot.matches(state);

/** The zone list (the page's `zones` child). */
export function selectZoneList(snapshot: DnsPanelSnapshot): ZoneListActor {
  return snapshot.children.zones as ZoneListActor;
}

/** The records pager (the page's `records` child). */
export function selectRecordsPager(snapshot: DnsPanelSnapshot): RecordsPagerActor {
  return snapshot.children.records as RecordsPagerActor;
}

/** The forms (the page's `forms` child). */
export function selectForms(snapshot: DnsPanelSnapshot): DnsFormsActor {
  return snapshot.children.forms as DnsFormsActor;
}

export function selectLoading(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'loadingZones') || is(snapshot, 'loadingRecords');
}

/** A list loading or a change on its way: the page's buttons wait. */
export function selectBusy(snapshot: DnsPanelSnapshot): boolean {
  return selectLoading(snapshot) || is(snapshot, 'changing');
}

/** The lists are shown and nothing is on its way. */
export function selectReady(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'ready');
}

export function selectLoadFailed(snapshot: DnsPanelSnapshot): boolean {
  return is(snapshot, 'failed');
}

/** Why the lists could not be loaded. */
export function selectLoadError(snapshot: DnsPanelSnapshot): string | null {
  return is(snapshot, 'failed') ? snapshot.context.loadError : null;
}

/** The user may change DNS (services manage, portal.md §6). */
export function selectManages(snapshot: DnsPanelSnapshot): boolean {
  return snapshot.context.manages;
}

/** The zones whose countdown runs (their Edit and Delete are disabled). */
export function selectLockedZoneIds(snapshot: DnsPanelSnapshot): readonly number[] {
  return snapshot.context.lockedZoneIds;
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
