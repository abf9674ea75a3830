/**
 * The words a call's result raises as a notification (portal.md §8). Apart from
 * `notifications.ts` so that the first screen, which raises none of them, does not load it.
 */
import { ERROR_MESSAGES, ERROR_TITLES } from './messages.ts';
import { notificationTypeFor, type NotificationInput } from './notifications.ts';

/** A result as a call answers it: its status, the server's title and its message (msg or detail). */
export interface CallResult {
  status?: number;
  title?: string;
  message?: string;
}

/**
 * The notification a call's result raises (portal.md §8): none for 'Access denied' with 'Logout
 * complete'; the access-denied wording for a 403 that says no more than 'Access denied'; the
 * server's words otherwise; and 'An internal server error occured' (spelt so) when a failure
 * carries no words at all.
 */
export function notificationFor(result: CallResult): Required<NotificationInput> | null {
  const message = result.message?.trim() ?? '';
  if (result.title === ERROR_TITLES.accessDenied && message === ERROR_TITLES.logoutComplete)
    return null;
  const type = notificationTypeFor({ status: result.status });
  const failed = result.status === undefined || result.status === 0 || result.status >= 400;
  if (result.status === 403 && (message === '' || message === ERROR_TITLES.accessDenied))
    return { message: ERROR_MESSAGES.accessDenied, type: 'danger' };
  if (message === '')
    return failed ? { message: ERROR_MESSAGES.unhandledNotification, type: 'danger' } : null;
  return { message, type: failed ? 'danger' : type };
}
