/** What the payment-card modal shows, from the card form machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { cardFormMachine } from './card-form.machine.ts';

export type CardFormSnapshot = SnapshotFrom<typeof cardFormMachine>;

export type CardFormState =
  'opening the form' | 'form open' | 'form unavailable' | 'card added' | 'closed';

export type CardModalView =
  | { open: false }
  | { open: true; status: 'loading' }
  | { open: true; status: 'ready'; url: string }
  | { open: true; status: 'unavailable'; message: string | null };

const is = (snapshot: CardFormSnapshot, state: CardFormState) => snapshot.matches(state);

export function selectCardModal(snapshot: CardFormSnapshot | undefined): CardModalView {
  if (!snapshot) return { open: false };
  if (is(snapshot, 'opening the form')) return { open: true, status: 'loading' };
  if (is(snapshot, 'form open') && snapshot.context.url)
    return { open: true, status: 'ready', url: snapshot.context.url };
  if (is(snapshot, 'form unavailable'))
    return { open: true, status: 'unavailable', message: snapshot.context.error };
  return { open: false };
}
