/** The payment-card modal's registration: the provider's form in a frame, and the card it posts. */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { SAMPLE_CARD } from '../signup/order-samples.ts';
import { cardFormMachine } from './card-form.machine.ts';
import { selectCardModal } from './card-form.selectors.ts';

const FORM_URL = 'http://localhost:3001/form?origin=http%3A%2F%2Flocalhost%3A3000';

export const cardFormModel = defineMachine({
  name: 'card-form',
  title: 'Payment-card modal',
  description:
    'The modal where a card is added, on the signup and on the payment methods page. It shows the ' +
    'card provider’s own form (a frame from the provider’s site, so the card number never ' +
    'reaches our pages); the card arrives as a message from that form only, and the modal closes ' +
    'with it. When the form cannot be opened the modal says why and offers Try again. Closing ' +
    'the modal first adds no card.',
  machine: cardFormMachine,
  input: { accountName: 'Dana Demo' },
  events: [
    sample('the card form’s address arrives', {
      type: 'xstate.done.actor.cardFormUrl',
      output: { url: FORM_URL },
    }),
    sample('the card form is unavailable', {
      type: 'xstate.error.actor.cardFormUrl',
      error: { message: 'Cards cannot be added from this address of the site.' },
    }),
    sample('the provider’s form posts the card', { type: 'card.received', card: SAMPLE_CARD }),
    sample('close the modal', { type: 'card.modal.closed' }),
    sample('press Try again', { type: 'card.retry.pressed' }),
  ],
  project: ({ context }) => ({ card: context.card !== null }),
  limit: 100,
  // signup.md §2 "Other shared pieces", §4 "Payment": the form opens in the modal, a card comes
  // only from it, closing the modal adds none, a form that cannot open says why and tries again.
  expect: {
    // The modal opens loading the provider's form, no card yet.
    start: { to: 'opening the form', with: { card: false } },
    on: {
      'opening the form': {
        'the card form’s address arrives': 'form open',
        'the card form is unavailable': 'form unavailable',
        'close the modal': 'closed',
        'the provider’s form posts the card': 'ignored',
      },
      'form open': {
        'the provider’s form posts the card': { to: 'card added', with: { card: true } },
        'close the modal': 'closed',
      },
      'form unavailable': {
        'press Try again': 'opening the form',
        'close the modal': 'closed',
        'the provider’s form posts the card': 'ignored',
      },
    },
  },
  states: {
    'opening the form': (snapshot) => {
      const modal = selectCardModal(snapshot);
      expectThat(modal.open && modal.status === 'loading', 'the modal opens, loading');
    },
    'form open': (snapshot) => {
      const modal = selectCardModal(snapshot);
      expectThat(
        modal.open && modal.status === 'ready' && modal.url === FORM_URL,
        'the form shows',
      );
    },
    'form unavailable': (snapshot) => {
      const modal = selectCardModal(snapshot);
      expectThat(
        modal.open && modal.status === 'unavailable' && modal.message !== null,
        'says why',
      );
    },
    'card added': (snapshot) => {
      expectThat(!selectCardModal(snapshot).open, 'the modal closes');
      expectThat(snapshot.output?.card?.last_four === SAMPLE_CARD.last_four, 'with the card');
    },
    closed: (snapshot) => {
      expectThat(!selectCardModal(snapshot).open, 'the modal closes');
      expectThat(snapshot.output?.card === null, 'without a card');
    },
  },
});
