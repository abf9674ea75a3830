/** The words of a failure: what every machine shows of an error it is given. */
import { describe, expect, it } from 'vitest';
import { failureMessage } from '#shared/api-error';

describe('failureMessage', () => {
  it('reads the message of an error or of an error-like answer', () => {
    expect(failureMessage(new Error('Zone not found'))).toBe('Zone not found');
    expect(failureMessage({ status: 402, message: 'Card declined' })).toBe('Card declined');
  });
  it('takes a thrown string as its own words', () => {
    expect(failureMessage('offline')).toBe('offline');
  });
  it('has no words for an empty message, a message that is not text, or nothing at all', () => {
    expect(failureMessage(new Error(''))).toBeNull();
    expect(failureMessage('')).toBeNull();
    expect(failureMessage({ message: 42 })).toBeNull();
    expect(failureMessage({})).toBeNull();
    expect(failureMessage(null)).toBeNull();
    expect(failureMessage(undefined)).toBeNull();
  });
});
