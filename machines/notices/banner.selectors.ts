/** What the notices banner shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { Notice } from '#shared/notices/types';
import type { noticesBannerMachine } from './banner.machine.ts';

type Snapshot = SnapshotFrom<typeof noticesBannerMachine>;

export interface NoticeView {
  notice: Notice;
  /** Ignore is offered (an ignorable notice). */
  canIgnore: boolean;
  /** Its answer is being sent: both buttons wait. */
  busy: boolean;
}

export function selectNotices(snapshot: Snapshot): NoticeView[] {
  const busy = snapshot.matches('acknowledging') || snapshot.matches('ignoring');
  return snapshot.context.notices.map((notice) => ({
    notice,
    canIgnore: notice.ignorable,
    busy: busy && snapshot.context.pendingId === notice.id,
  }));
}

export const selectBannerVisible = (snapshot: Snapshot) => snapshot.context.notices.length > 0;
/** Loading failed: the reason and Try again show in place of the notices. */
export const selectBannerFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectBannerLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectBannerError = (snapshot: Snapshot) => snapshot.context.error;
