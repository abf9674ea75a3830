import { describe, expect, it } from 'vitest';
import {
  CARD_TOKEN_MESSAGE_TYPE,
  readCardTokenMessage,
} from '../../src/shared/schemas/card-token.ts';
import { annLeeCard } from '../support/payment-details.ts';

const ORIGINS = ['http://localhost:3001', 'https://cards.example.com'];
const frameWindow = { name: 'the card form frame' };
const card = annLeeCard('tok_abcdefghijklmnopqrstuv');
const message = { type: CARD_TOKEN_MESSAGE_TYPE, card };

describe('a card message from the provider form', () => {
  it('is accepted from a configured origin and the form frame itself', () => {
    for (const origin of ORIGINS) {
      expect(
        readCardTokenMessage({ origin, source: frameWindow, data: message }, ORIGINS, frameWindow),
      ).toEqual(card);
    }
  });

  it.each([
    'https://evil.example',
    'http://localhost:3000',
    'http://localhost:3001/',
    'https://cards.example.com.evil.example',
    'HTTPS://CARDS.EXAMPLE.COM',
    'null',
  ])('is ignored from another origin: %s', (origin) => {
    expect(
      readCardTokenMessage({ origin, source: frameWindow, data: message }, ORIGINS, frameWindow),
    ).toBeNull();
  });

  it('is ignored from the right origin but another window, or when no frame is open', () => {
    const origin = ORIGINS[0];
    const otherWindow = { name: 'a popup of the provider' };
    expect(
      readCardTokenMessage({ origin, source: otherWindow, data: message }, ORIGINS, frameWindow),
    ).toBeNull();
    expect(readCardTokenMessage({ origin, source: null, data: message }, ORIGINS, null)).toBeNull();
  });

  it('is ignored when it is not a well-formed card message', () => {
    const read = (data: unknown) =>
      readCardTokenMessage({ origin: ORIGINS[0], source: frameWindow, data }, ORIGINS, frameWindow);
    expect(read({ ...message, type: 'something-else' })).toBeNull();
    expect(read({ type: CARD_TOKEN_MESSAGE_TYPE, card: { ...card, last_four: '44' } })).toBeNull();
    expect(read({ type: CARD_TOKEN_MESSAGE_TYPE, card: { ...card, exp_year: 1999 } })).toBeNull();
    expect(read({ type: CARD_TOKEN_MESSAGE_TYPE, card: { ...card, brand: 'bitcoin' } })).toBeNull();
    expect(read({ type: CARD_TOKEN_MESSAGE_TYPE, card: { ...card, token: 'x' } })).toBeNull();
    expect(read('card')).toBeNull();
  });
});
