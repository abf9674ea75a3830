/** Notification banners (portal.md §4 "Notifications"). */
export type NotificationType = 'danger' | 'success' | 'info' | 'warning';

export interface NotificationInput {
  message: string | readonly string[];
  type?: NotificationType;
}

/** What a notification can be derived from: an HTTP status, an error, or neither. */
export interface ResultLike {
  status?: number;
  error?: unknown;
}

/** danger for an error or a 4xx/5xx status, success for 2xx, else info. */
export function notificationTypeFor(result: ResultLike): NotificationType {
  if (result.error !== undefined && result.error !== null) return 'danger';
  const status = result.status;
  if (status === undefined) return 'info';
  if (status >= 400) return 'danger';
  if (status >= 200 && status < 300) return 'success';
  return 'info';
}
