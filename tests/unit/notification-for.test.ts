/** The notification a call's result raises (portal.md §4 "Notifications", §8), to the letter. */
import { describe, expect, it } from 'vitest';
import { notificationFor } from '#shared/notification-words';

describe('notificationFor', () => {
  it('raises nothing for a result titled Access denied with the message Logout complete', () => {
    expect(
      notificationFor({ status: 200, title: 'Access denied', message: 'Logout complete' }),
    ).toBe(null);
  });

  it('words an access denial as the spec does', () => {
    expect(notificationFor({ status: 403, title: 'Access denied', message: '' })).toEqual({
      message: 'You do not have the necessary permissions to perform this action',
      type: 'danger',
    });
    expect(
      notificationFor({ status: 403, title: 'Access denied', message: 'Access denied' }),
    ).toEqual({
      message: 'You do not have the necessary permissions to perform this action',
      type: 'danger',
    });
  });

  it('gives an unhandled failure without words the spec’s own spelling', () => {
    expect(notificationFor({ status: 500 })).toEqual({
      message: 'An internal server error occured',
      type: 'danger',
    });
    expect(notificationFor({ status: 0, message: '  ' })).toEqual({
      message: 'An internal server error occured',
      type: 'danger',
    });
  });

  it('shows the server’s words, typed by the status', () => {
    expect(notificationFor({ status: 409, message: 'No.' })).toEqual({
      message: 'No.',
      type: 'danger',
    });
    expect(notificationFor({ status: 201, message: 'Contact added' })).toEqual({
      message: 'Contact added',
      type: 'success',
    });
    expect(notificationFor({ status: 200 })).toBe(null);
  });
});
