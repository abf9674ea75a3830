/** What a bills or payments table shows, from its machine's snapshot (records-page.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { PageInfo } from '#shared/billing/schemas';
import type { createRecordsPageMachine } from './records-page.machine.ts';

export type RecordsPageSnapshot<P extends PageInfo> = SnapshotFrom<
  ReturnType<typeof createRecordsPageMachine<P>>
>;

export function selectRecordsLoading<P extends PageInfo>(
  snapshot: RecordsPageSnapshot<P>,
): boolean {
  return snapshot.matches('loading');
}

/** Another page (or the same one again) is on its way while the page shown stays. */
export function selectRecordsReloading<P extends PageInfo>(
  snapshot: RecordsPageSnapshot<P>,
): boolean {
  return snapshot.matches('reloading');
}

/** The page shown: while it is loaded, and while another is on its way. */
export function selectRecords<P extends PageInfo>(snapshot: RecordsPageSnapshot<P>): P | null {
  return snapshot.matches('loaded') || snapshot.matches('reloading') ? snapshot.context.page : null;
}

export function selectRecordsError<P extends PageInfo>(
  snapshot: RecordsPageSnapshot<P>,
): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null;
}
