/**
 * Notification banners (portal.md §4 "Notifications"): the type derives from the result, danger
 * for an error or a 4xx/5xx status, success for 2xx, else info.
 */
import { describe, expect, it } from 'vitest';
import { notificationTypeFor } from '../../src/shared/notifications.ts';

describe('notificationTypeFor', () => {
  it('is danger for an error, whatever the status says', () => {
    expect(notificationTypeFor({ error: new Error('Payment declined'), status: 200 })).toBe(
      'danger',
    );
    expect(notificationTypeFor({ error: 'Timed out when trying to contact server' })).toBe(
      'danger',
    );
  });

  it('reads no error (null or left out) as no error and goes by the status', () => {
    expect(notificationTypeFor({ error: null, status: 200 })).toBe('success');
    expect(notificationTypeFor({ error: undefined, status: 201 })).toBe('success');
    expect(notificationTypeFor({ error: null })).toBe('info');
  });

  it.each([
    [200, 'success'],
    [204, 'success'],
    [299, 'success'],
    [300, 'info'],
    [399, 'info'],
    [400, 'danger'],
    [499, 'danger'],
    [500, 'danger'],
    [199, 'info'],
    [100, 'info'],
  ] as const)('is %s → %s at the edges of the 2xx and 4xx/5xx ranges', (status, type) => {
    expect(notificationTypeFor({ status })).toBe(type);
  });
});
