/**
 * What a site admin may still do with a published notice (docs/people.md "Notices"), from its
 * period as the server's clock decides it: edit it while it has not started, withdraw it while it
 * has not ended. The server enforces both (409) and the Admin tab offers only what they allow.
 */
import type { NoticePeriod } from './types.ts';

export const canEditNotice = (notice: { period: NoticePeriod }) => notice.period === 'upcoming';

export const canWithdrawNotice = (notice: { period: NoticePeriod }) =>
  notice.period === 'upcoming' || notice.period === 'current';
