/** What the Activity page shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import {
  ACTIVITY_ACTION_WORDS,
  ACTIVITY_GROUPS,
  ACTIVITY_OUTCOME_WORDS,
  type ActivityEntry,
} from '#shared/activity/rules';
import { ACTIVITY_PAGE_MESSAGES as M } from '#shared/activity/messages';
import { queryOf, type activityMachine } from './activity.machine.ts';

type Snapshot = SnapshotFrom<typeof activityMachine>;

export const selectLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectError = (s: Snapshot) => s.context.error;
export const selectFilters = (s: Snapshot) => s.context.filters;
export const selectFilterErrors = (s: Snapshot) => s.context.filterErrors;

/** The list is shown: the page arrived. */
export const selectListed = (s: Snapshot) => s.matches('listing');
/** No entry matches the applied filters. */
export const selectEmpty = (s: Snapshot) => s.matches('listing') && s.context.page?.total === 0;

export interface ActivityRow {
  entry: ActivityEntry;
  /** "2026-12-06 17:45 UTC". */
  when: string;
  /** The login, and "as site admin …" when one acted as it. */
  who: string;
  action: string;
  outcome: string;
}

export function selectRows(s: Snapshot): ActivityRow[] {
  if (!s.matches('listing')) return [];
  return (s.context.page?.entries ?? []).map((entry) => ({
    entry,
    when: `${entry.at.slice(0, 16).replace('T', ' ')} UTC`,
    who: entry.acting_admin ? `${entry.login} (${M.actingAdmin(entry.acting_admin)})` : entry.login,
    action: ACTIVITY_ACTION_WORDS[entry.action] ?? entry.action,
    outcome: ACTIVITY_OUTCOME_WORDS[entry.outcome] ?? entry.outcome,
  }));
}

export interface Pager {
  /** "Showing 26–50 of 80". */
  label: string;
  canPrevious: boolean;
  canNext: boolean;
}

export function selectPager(s: Snapshot): Pager | null {
  const page = s.context.page;
  if (!s.matches('listing') || !page || page.total === 0) return null;
  const first = s.context.offset + 1;
  const last = s.context.offset + page.entries.length;
  return {
    label: M.showing(first, last, page.total),
    canPrevious: s.can({ type: 'page.previous' }),
    canNext: s.can({ type: 'page.next' }),
  };
}

/** The action filter's choices: any, then each group. */
export function selectActionChoices(): { value: string; label: string }[] {
  return [
    { value: '', label: M.anyAction },
    ...Object.entries(ACTIVITY_GROUPS).map(([value, group]) => ({ value, label: group.label })),
  ];
}

/** The export's query: the applied filters (empty ones left out). */
export const selectExportQuery = (s: Snapshot) => queryOf(s.context.applied);
