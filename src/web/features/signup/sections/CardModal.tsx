/**
 * The payment-card modal (signup.md §2 "Other shared pieces"): the card provider's own form in a
 * frame from the provider's origin. The card number never reaches this page: the form posts only
 * a token and what it shows, and the page takes it only from that frame and origin.
 */
import { Alert, Button, Center, Loader, Modal, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import type { PaymentActor } from '#machines/signup/payment.machine';
import { selectCardModal, type CardModalView } from '#machines/signup/payment.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { listenForCardMessages } from '../order/card-messages.ts';
import { useReturnFocus } from '../../../components/focus.ts';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

const sameModal = (a: CardModalView, b: CardModalView) => JSON.stringify(a) === JSON.stringify(b);

function CardForm({ url, payment }: { url: string; payment: PaymentActor }) {
  const { config } = useAppServices();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(
    () =>
      listenForCardMessages(window, {
        origins: config.cardProviderOrigins,
        frame: () => frame.current?.contentWindow ?? null,
        onCard: (card) => payment.send({ type: 'card.received', card }),
      }),
    [config.cardProviderOrigins, payment],
  );
  return (
    <iframe
      ref={frame}
      src={url}
      title="Card form of our card processor"
      data-testid="card-form-frame"
      style={{ width: '100%', height: 440, border: 0 }}
    />
  );
}

export default function CardModal({ payment }: { payment: PaymentActor }) {
  const modal = useSelector(payment, selectCardModal, sameModal);
  useReturnFocus();
  return (
    <Modal
      opened={modal.open}
      onClose={() => payment.send({ type: 'card.modal.closed' })}
      title="Add a card"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the card form' }}
      style={SIGNUP_TEXT_COLORS}
    >
      {modal.open && modal.status === 'loading' && (
        <Center py="xl">
          <Loader size="sm" role="status" aria-label="Loading the card form" />
        </Center>
      )}
      {modal.open && modal.status === 'unavailable' && (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="light" role="alert">
            {modal.message ?? SIGNUP_ORDER_MESSAGES.cardFormFailed}
          </Alert>
          <Button variant="default" onClick={() => payment.send({ type: 'card.retry' })}>
            Try again
          </Button>
        </Stack>
      )}
      {modal.open && modal.status === 'ready' && <CardForm url={modal.url} payment={payment} />}
    </Modal>
  );
}
