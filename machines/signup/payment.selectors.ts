/** What the payment section shows, from the payment machine's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BillingAddressChoice } from '#shared/schemas/payment';
import type { PaymentAccountType } from '#shared/signup/order';
import type { formMachine } from '../forms/form.machine.ts';
import type { paymentMachine } from './payment.machine.ts';
import { paymentSummary } from './payment.summary.ts';

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** States of the card method: its modal, and whether a card is added. */
export type CardState =
  'opening the form' | 'form open' | 'form unavailable' | 'no card' | 'card added';

export type CardModalView =
  | { open: false }
  | { open: true; status: 'loading' }
  | { open: true; status: 'ready'; url: string }
  | { open: true; status: 'unavailable'; message: string | null };

export interface PaymentView {
  method: PaymentAccountType | null;
  modal: CardModalView;
  /** The last four of the added card, when paying by card. */
  cardLastFour: string | null;
  /** Card chosen, none added and the modal closed: an Add card button shows. */
  addCard: boolean;
  autoPay: boolean | null;
  billingShown: boolean;
  billingChoice: BillingAddressChoice | null;
}

const card = (snapshot: PaymentSnapshot, state: CardState) =>
  snapshot.matches({ method: { card: state } });

export function selectCardModal(snapshot: PaymentSnapshot): CardModalView {
  if (card(snapshot, 'opening the form')) return { open: true, status: 'loading' };
  if (card(snapshot, 'form open') && snapshot.context.formUrl)
    return { open: true, status: 'ready', url: snapshot.context.formUrl };
  if (card(snapshot, 'form unavailable'))
    return { open: true, status: 'unavailable', message: snapshot.context.formError };
  return { open: false };
}

export function selectPaymentView(snapshot: PaymentSnapshot): PaymentView {
  const { context } = snapshot;
  const byCard = snapshot.matches({ method: 'card' });
  return {
    method: byCard ? 'CC' : snapshot.matches({ method: 'bank account' }) ? 'ACH' : null,
    modal: selectCardModal(snapshot),
    cardLastFour: byCard && context.card ? context.card.last_four : null,
    addCard: card(snapshot, 'no card'),
    autoPay: context.autoPay,
    billingShown: snapshot.matches({ 'billing address': 'shown' }),
    billingChoice: snapshot.matches({ 'billing address': 'shown' }) ? context.billingChoice : null,
  };
}

export interface PaymentActors {
  bank: ActorRefFrom<typeof formMachine> | undefined;
  billingAddress: ActorRefFrom<typeof formMachine> | undefined;
}

export function selectPaymentActors(snapshot: PaymentSnapshot): PaymentActors {
  const children = snapshot.children as Record<string, unknown>;
  return {
    bank: children.bank as PaymentActors['bank'],
    billingAddress: children.billingAddress as PaymentActors['billingAddress'],
  };
}

export function selectPaymentValid(snapshot: PaymentSnapshot): boolean {
  return paymentSummary(snapshot.context).valid;
}
