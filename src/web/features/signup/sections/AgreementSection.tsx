/**
 * Agree and Finish (signup.md §2 item 10, §4 "Agreement", "Submit", §8): the terms, the
 * electronic-signature disclosure, "I agree" (ticking records the time), the captcha and Place
 * order. Place order is enabled only with the agreement ticked, the whole form valid and nothing
 * in progress; until "I agree" is ticked it carries the tooltip and the hint. While the order is
 * created a full overlay (a modal without a way out) blocks the page.
 */
import {
  Alert,
  Button,
  Center,
  Checkbox,
  List,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { AGREEMENT_MESSAGES } from '#shared/messages/account';
import type { CheckoutActor } from '#machines/signup/checkout.machine';
import {
  selectAgreed,
  selectCaptchaRound,
  selectOrderFailure,
  selectOverlayText,
  selectPlaceOrderEnabled,
  selectPlaceOrderHint,
} from '#machines/signup/checkout.selectors';
import type { SignupActor } from '#machines/signup/signup.machine';
import { selectWholeFormValid } from '#machines/signup/signup.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { CaptchaWidget } from '../captcha/CaptchaWidget.tsx';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';
import { SignupSection } from './SignupSection.tsx';
import { ElectronicSignatureDisclosure, TermsText } from './TermsText.tsx';

/** What the order's field paths are called on the page. */
const FIELD_LABELS: Record<string, string> = {
  'customer.fname': 'First name',
  'customer.lname': 'Last name',
  'customer.email': 'Email',
  'customer.phone': 'Phone',
  'customer.dob': 'Date of birth',
  'customer.uid': 'Username',
  'customer.password': 'Password',
  'payment.bank_details.name': 'Name on the bank account',
  'payment.bank_details.routing': 'Routing number',
  'payment.bank_details.account': 'Account number',
  'payment.bank_details.account_type': 'Account type',
  'payment.billing_address': 'Billing address',
  'payment.card_details': 'Card',
  'order.connectivity.install_details.time': 'Installation time',
  'order.connectivity.desired_activation_date': 'Activation date',
};

function labelOf(path: string): string {
  return FIELD_LABELS[path] ?? FIELD_LABELS[path.split('.').slice(0, 3).join('.')] ?? path;
}

function Overlay({ checkout }: { checkout: CheckoutActor }) {
  const text = useSelector(checkout, selectOverlayText);
  return (
    <Modal
      opened={text !== null}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={text}
      overlayProps={{ backgroundOpacity: 0.6, blur: 2 }}
      style={SIGNUP_TEXT_COLORS}
      data-testid="creating-overlay"
    >
      <Center py="md">
        <Loader aria-hidden />
      </Center>
    </Modal>
  );
}

export default function AgreementSection({
  wizard,
  checkout,
}: {
  wizard: SignupActor;
  checkout: CheckoutActor;
}) {
  const { config } = useAppServices();
  const formValid = useSelector(wizard, selectWholeFormValid);
  const agreed = useSelector(checkout, selectAgreed);
  const enabled = useSelector(checkout, (s) => selectPlaceOrderEnabled(s, formValid));
  const hint = useSelector(checkout, (s) => selectPlaceOrderHint(s, formValid));
  const captchaRound = useSelector(checkout, selectCaptchaRound);
  const failure = useSelector(checkout, selectOrderFailure);
  const contacts = {
    productName: config.productName,
    contactPhone: config.contactPhone,
    contactEmail: config.contactEmail,
  };
  const fieldErrors = Object.entries(failure?.fieldErrors ?? {});

  return (
    <SignupSection
      title="Agree and finish"
      intro="Please read the terms of service, then agree and place your order."
      testId="signup-agreement"
    >
      <ScrollArea.Autosize
        mah={280}
        type="always"
        offsetScrollbars
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        <div
          role="region"
          aria-label="Terms and conditions"
          tabIndex={0}
          style={{ padding: 12 }}
          data-testid="terms"
        >
          <TermsText {...contacts} />
        </div>
      </ScrollArea.Autosize>
      <div role="region" aria-label="Electronic signature disclosure">
        <Text fw={600} size="sm" mb={4}>
          Electronic records and signature
        </Text>
        <ElectronicSignatureDisclosure {...contacts} />
      </div>
      <Checkbox
        label="I agree to the terms and conditions above and sign this agreement electronically"
        checked={agreed}
        onChange={(event) =>
          checkout.send({ type: 'agreement.changed', checked: event.currentTarget.checked })
        }
      />
      <CaptchaWidget
        resetKey={captchaRound}
        onToken={(token) => checkout.send({ type: 'captcha.changed', token })}
      />
      {failure && (
        <Alert color="red" variant="light" role="alert" data-testid="order-error">
          <Stack gap={4}>
            <Text size="sm">{failure.message}</Text>
            {fieldErrors.length > 0 && (
              <List size="sm">
                {fieldErrors.map(([path, message]) => (
                  <List.Item key={path}>
                    {labelOf(path)}: {message}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Alert>
      )}
      <Stack gap={4} align="flex-start">
        <Tooltip label={AGREEMENT_MESSAGES.tooltip} disabled={agreed} withArrow>
          <Button
            size="md"
            data-disabled={!enabled || undefined}
            aria-disabled={!enabled}
            aria-describedby={hint ? 'place-order-hint' : undefined}
            onClick={(event) => {
              if (!enabled) {
                event.preventDefault();
                return;
              }
              wizard.send({ type: 'order.place.pressed' });
            }}
          >
            Place order
          </Button>
        </Tooltip>
        {hint && (
          <Text size="sm" id="place-order-hint" data-testid="place-order-hint">
            {hint}
          </Text>
        )}
      </Stack>
      <Overlay checkout={checkout} />
    </SignupSection>
  );
}
