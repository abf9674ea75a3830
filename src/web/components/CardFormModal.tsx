/**
 * The payment-card modal (signup.md §2 "Other shared pieces"; the payment methods page): the card
 * provider's own form in a frame from the provider's origin. The card number never reaches this
 * page: the form posts only a token and what it shows, and the page takes it only from that frame
 * and origin. It renders the card form machine (machines/billing/card-form.machine.ts) that the
 * signup's payment and the payment methods page invoke while their modal is open. The form's
 * address carries the page's colour scheme (`scheme=dark`), which the provider's page follows.
 */
import { Alert, Button, Center, Loader, Modal, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import { cardFormAddress } from '#shared/schemas/card-token';
import type { CardFormActor } from '#machines/billing/card-form.machine';
import { selectColorScheme } from '#machines/shell/theme.selectors';
import { selectCardModal, type CardModalView } from '#machines/billing/card-form.selectors';
import { useAppServices } from '../app/context.tsx';
import { listenForCardMessages } from './card-messages.ts';
import { useReturnFocus } from './focus.ts';

const sameModal = (a: CardModalView, b: CardModalView) => JSON.stringify(a) === JSON.stringify(b);

function CardForm({ url, cardForm }: { url: string; cardForm: CardFormActor }) {
  const { config, actors } = useAppServices();
  // The provider's page draws itself in the scheme of the page around it (the signup: light).
  const scheme = useSelector(actors.theme, selectColorScheme);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(
    () =>
      listenForCardMessages(window, {
        origins: config.cardProviderOrigins,
        frame: () => frame.current?.contentWindow ?? null,
        onCard: (card) => cardForm.send({ type: 'card.received', card }),
      }),
    [config.cardProviderOrigins, cardForm],
  );
  return (
    <iframe
      ref={frame}
      src={cardFormAddress(url, scheme)}
      title="Card form of our card processor"
      data-testid="card-form-frame"
      style={{ width: '100%', height: 440, border: 0 }}
    />
  );
}

export default function CardFormModal({
  cardForm,
  style,
  children,
}: {
  cardForm: CardFormActor;
  /** The page's colours (the signup forces the light scheme). */
  style?: CSSProperties;
  /** What the page shows above the form (the payment methods page: "Make it the default"). */
  children?: ReactNode;
}) {
  const modal = useSelector(cardForm, selectCardModal, sameModal);
  useReturnFocus();
  return (
    <Modal
      opened={modal.open}
      onClose={() => cardForm.send({ type: 'card.modal.closed' })}
      title="Add a card"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the card form' }}
      style={style}
    >
      {modal.open && children}
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
          <Button variant="default" onClick={() => cardForm.send({ type: 'card.retry.pressed' })}>
            Try again
          </Button>
        </Stack>
      )}
      {modal.open && modal.status === 'ready' && <CardForm url={modal.url} cardForm={cardForm} />}
    </Modal>
  );
}
