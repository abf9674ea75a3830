/**
 * Listens for the card provider's message (docs/api.md "The card form and its message"): a card
 * is taken only from one of the configured provider origins (compared exactly) and from the card
 * form's own frame (`readCardTokenMessage`); anything else posted to the page is ignored.
 */
import { readCardTokenMessage, type CardDetails } from '#shared/schemas/card-token';

export interface CardMessageListener {
  /** The provider's origins (PublicConfig.cardProviderOrigins). */
  origins: readonly string[];
  /** The card form's frame window, when the frame exists. */
  frame(): unknown;
  onCard(card: CardDetails): void;
}

/** Starts listening on `target` (the page's window); returns the function that stops it. */
export function listenForCardMessages(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  listener: CardMessageListener,
): () => void {
  const onMessage = (event: MessageEvent) => {
    const card = readCardTokenMessage(event, listener.origins, listener.frame());
    if (card) listener.onCard(card);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
