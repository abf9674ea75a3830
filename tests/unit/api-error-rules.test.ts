/**
 * The JSON body of an API error (docs/api.md): `{ status, title, msg, … }`. The client shows `msg`
 * (portal.md §8 "Notification text is taken from msg or detail") and falls back to 'An internal
 * server error occurred during the last request' when an answer carries no such body.
 */
import { describe, expect, it } from 'vitest';
import { failureMessage, isApiErrorBody } from '../../src/shared/api-error.ts';

describe('isApiErrorBody', () => {
  it('recognises a body with a numeric status and a msg text', () => {
    expect(isApiErrorBody({ status: 422, title: 'Invalid input', msg: 'Enter a title' })).toBe(
      true,
    );
    expect(isApiErrorBody({ status: 500, msg: '', request_id: 'r-1' })).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a text', 'Internal Server Error'],
    ['a number', 500],
    ['an empty object', {}],
    ['a body without msg', { status: 500, title: 'Server error' }],
    ['a body without status', { title: 'Server error', msg: 'Something failed' }],
    ['a status given as text', { status: '500', msg: 'Something failed' }],
    ['a msg that is not text', { status: 422, msg: { title: 'Enter a title' } }],
  ])('does not take %s for an error body (and never throws on it)', (_, value) => {
    expect(isApiErrorBody(value)).toBe(false);
  });
});

describe('failureMessage', () => {
  it('is the words of a thrown error or string, or null when there are none', () => {
    expect(failureMessage(new Error('Payment declined'))).toBe('Payment declined');
    expect(failureMessage('Timed out when trying to contact server')).toBe(
      'Timed out when trying to contact server',
    );
    expect(failureMessage('')).toBeNull();
    expect(failureMessage(new Error(''))).toBeNull();
    expect(failureMessage(null)).toBeNull();
    expect(failureMessage({ message: 42 })).toBeNull();
  });
});
