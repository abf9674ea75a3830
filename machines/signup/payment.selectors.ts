/** What the payment section shows, from the payment machine's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BillingAddressChoice } from '#shared/schemas/payment';
import type { PaymentAccountType } from '#shared/signup/order';
import type { formMachine } from '../forms/form.machine.ts';
import type { CardFormActor } from '../billing/card-form.machine.ts';
import type { paymentMachine } from './payment.machine.ts';
import { paymentSummary } from './payment.summary.ts';

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** States of the card method: its modal, and whether a card is added. */
export type CardState = 'adding a card' | 'no card' | 'card added';

export interface PaymentView {
  method: PaymentAccountType | null;
  /** The payment-card modal is open (what it shows: its own actor, {@link selectCardForm}). */
  modalOpen: boolean;
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

/** The payment-card modal's actor while it is open. */
export function selectCardForm(snapshot: PaymentSnapshot): CardFormActor | undefined {
  if (!card(snapshot, 'adding a card')) return undefined;
  return (snapshot.children as Record<string, unknown>).cardForm as CardFormActor | undefined;
}

export function selectPaymentView(snapshot: PaymentSnapshot): PaymentView {
  const { context } = snapshot;
  const byCard = snapshot.matches({ method: 'card' });
  return {
    method: byCard ? 'CC' : snapshot.matches({ method: 'bank account' }) ? 'ACH' : null,
    modalOpen: card(snapshot, 'adding a card'),
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
