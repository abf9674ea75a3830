/**
 * Asks the token coordinator for the Verify Identity modal and waits: resolves once the password
 * is confirmed, rejects with the coordinator's message when the user cancels.
 */
import type { SessionActors } from '../features/session/session-actors.ts';

let counter = 0;

export function verifyIdentity(tokens: SessionActors['tokens']): Promise<void> {
  counter += 1;
  const requestId = `verify-${counter}`;
  return new Promise((resolve, reject) => {
    const subscriptions = [
      tokens.on('requests.released', (event) => {
        if (!event.requestIds.includes(requestId)) return;
        stop();
        resolve();
      }),
      tokens.on('requests.failed', (event) => {
        if (!event.requestIds.includes(requestId)) return;
        stop();
        reject(new Error(event.message ?? ''));
      }),
    ];
    const stop = () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    tokens.send({ type: 'identity.check.requested', requestId });
  });
}
