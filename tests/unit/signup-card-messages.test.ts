// @vitest-environment jsdom
/**
 * The card provider's message is taken only from one of the configured provider origins
 * (compared exactly) and from the card form's own frame; anything else posted to the page is
 * ignored (docs/api.md "The card form and its message").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_TOKEN_MESSAGE_TYPE, type CardDetails } from '../../src/shared/schemas/card-token.ts';
import { listenForCardMessages } from '../../src/web/components/card-messages.ts';
import { annLeeCard } from '../support/payment-details.ts';

const PROVIDER = 'http://localhost:3001';
const PRODUCTION = 'https://cards.example';
const CARD: CardDetails = annLeeCard('tok_0123456789abcdefXYZ');

/** A stand-in for the form's frame window and another window. */
const formWindow = { name: 'the card form' } as unknown as Window;
const otherWindow = { name: 'another frame' } as unknown as Window;

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function listen() {
  const onCard = vi.fn();
  stop = listenForCardMessages(window, {
    origins: [PROVIDER, PRODUCTION],
    frame: () => formWindow,
    onCard,
  });
  return onCard;
}

function post(init: { origin: string; source: Window | null; data?: unknown }) {
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: init.origin,
      source: init.source as MessageEventSource | null,
      data: init.data ?? { type: CARD_TOKEN_MESSAGE_TYPE, card: CARD },
    }),
  );
}

describe('card messages', () => {
  it('takes the card from the form’s own frame on a provider origin', () => {
    const onCard = listen();
    post({ origin: PROVIDER, source: formWindow });
    post({ origin: PRODUCTION, source: formWindow });
    expect(onCard).toHaveBeenCalledTimes(2);
    expect(onCard).toHaveBeenCalledWith(CARD);
  });

  it('ignores a page on another origin posting a well-formed card message', () => {
    const onCard = listen();
    post({ origin: 'http://localhost:3000', source: formWindow });
    post({ origin: 'http://evil.example', source: formWindow });
    post({ origin: `${PROVIDER}/`, source: formWindow });
    post({ origin: 'http://localhost:30011', source: formWindow });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores the provider’s origin when the message comes from another window', () => {
    const onCard = listen();
    post({ origin: PROVIDER, source: otherWindow });
    post({ origin: PROVIDER, source: window });
    post({ origin: PROVIDER, source: null });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores malformed messages and stops listening when asked', () => {
    const onCard = listen();
    post({ origin: PROVIDER, source: formWindow, data: { type: 'other', card: CARD } });
    post({ origin: PROVIDER, source: formWindow, data: { ...CARD } });
    post({
      origin: PROVIDER,
      source: formWindow,
      data: { type: CARD_TOKEN_MESSAGE_TYPE, card: { ...CARD, last_four: '44' } },
    });
    expect(onCard).not.toHaveBeenCalled();
    stop?.();
    stop = undefined;
    post({ origin: PROVIDER, source: formWindow });
    expect(onCard).not.toHaveBeenCalled();
  });

  it('ignores everything while the form has no frame', () => {
    const onCard = vi.fn();
    stop = listenForCardMessages(window, { origins: [PROVIDER], frame: () => null, onCard });
    post({ origin: PROVIDER, source: null });
    post({ origin: PROVIDER, source: formWindow });
    expect(onCard).not.toHaveBeenCalled();
  });
});
