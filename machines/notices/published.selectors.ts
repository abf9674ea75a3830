/** What the Admin tab's published notices show, from their machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { NOTICE_ADMIN_MESSAGES as M } from '#shared/notices/messages';
import { canEditNotice, canWithdrawNotice } from '#shared/notices/rules';
import type { PublishedNotice } from '#shared/notices/types';
import type { NoticeDraft } from './draft.ts';
import type { publishedNoticesMachine } from './published.machine.ts';

type Snapshot = SnapshotFrom<typeof publishedNoticesMachine>;

export interface PublishedNoticeRow {
  notice: PublishedNotice;
  /** "Every customer" or "Customer 100123". */
  reach: string;
  /** "Upcoming", "Shown now", "Ended" or "Withdrawn". */
  period: string;
  /** Edit is offered (the notice has not started). */
  canEdit: boolean;
  /** Withdraw is offered (the notice has not ended). */
  canWithdraw: boolean;
}

export const reachOf = (notice: Pick<PublishedNotice, 'cid'>) =>
  notice.cid === null ? M.everyCustomer : M.oneCustomer(notice.cid);

const idle = (s: Snapshot) => s.matches('listing');

export function selectRows(snapshot: Snapshot): PublishedNoticeRow[] {
  const free = idle(snapshot);
  return snapshot.context.notices.map((notice) => ({
    notice,
    reach: reachOf(notice),
    period: M.periods[notice.period],
    canEdit: free && canEditNotice(notice),
    canWithdraw: free && canWithdrawNotice(notice),
  }));
}

export const selectLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
/** The list is shown (loaded, whatever is happening to one of its notices). */
export const selectListed = (s: Snapshot) => !s.matches('loading') && !s.matches('failed');
export const selectError = (s: Snapshot) => s.context.error;
/** What the last change did. */
export const selectDone = (s: Snapshot) => s.context.done;

const selected = (s: Snapshot) => s.context.notices.find((n) => n.id === s.context.selectedId);

export interface EditView {
  /** "Edit “Planned maintenance”". */
  heading: string;
  draft: NoticeDraft;
  errors: Record<string, string>;
  /** The form waits: the changes are being confirmed or sent. */
  busy: boolean;
}

/** The edit form, while a notice is edited (and while its changes are confirmed or sent). */
export function selectEdit(s: Snapshot): EditView | null {
  if (!s.matches('editing') && !s.matches('confirmingSave') && !s.matches('saving')) return null;
  return {
    heading: M.editTitle(selected(s)?.title ?? ''),
    draft: s.context.draft,
    errors: s.context.errors,
    busy: !s.matches('editing'),
  };
}

export interface ConfirmationView {
  kind: 'save' | 'withdraw';
  title: string;
  /** Names the notice and says what will happen. */
  message: string;
  confirm: string;
  /** Confirmed: being sent. */
  sending: boolean;
}

/** The question asked before a change is sent. */
export function selectConfirmation(s: Snapshot): ConfirmationView | null {
  const title = selected(s)?.title ?? '';
  if (s.matches('confirmingSave') || s.matches('saving'))
    return {
      kind: 'save',
      title: M.confirmSaveTitle,
      message: M.confirmSave(title),
      confirm: M.confirmSaveButton,
      sending: s.matches('saving'),
    };
  if (s.matches('confirmingWithdraw') || s.matches('withdrawing'))
    return {
      kind: 'withdraw',
      title: M.confirmWithdrawTitle,
      message: M.confirmWithdraw(title),
      confirm: M.confirmWithdrawButton,
      sending: s.matches('withdrawing'),
    };
  return null;
}
