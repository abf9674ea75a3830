/**
 * Zero matches: the "address unavailable" modal with the contact-list form (name, phone, email,
 * address, all required) and the captcha; "Add me" stays disabled until the form is valid.
 */
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import { SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import { CAPTCHA_TOKEN_FIELD } from '#shared/signup/captcha';
import type { AddressActor } from '#machines/signup/address.machine';
import { selectContactForm } from '#machines/signup/address.selectors';
import {
  selectFormValid,
  selectSubmitCount,
  selectSubmitError,
  selectSubmitted,
  selectSubmitting,
} from '#machines/forms/form.selectors';
import { CaptchaWidget } from '../captcha/CaptchaWidget.tsx';
import { PhoneField, TextField, type FormActor } from './fields.tsx';
import { useReturnFocus } from '../../../components/focus.ts';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

function ContactForm({ form }: { form: FormActor }) {
  const valid = useSelector(form, selectFormValid);
  const submitting = useSelector(form, selectSubmitting);
  const submitted = useSelector(form, selectSubmitted);
  const error = useSelector(form, selectSubmitError);
  const failures = useSelector(form, selectSubmitCount);

  if (submitted) {
    return (
      <Alert color="green" variant="light" role="status" data-testid="contact-added">
        {SERVICEABILITY_MESSAGES.availabilityContactAdded}
      </Alert>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{SIGNUP_WIZARD_MESSAGES.contactListIntro}</Text>
        <TextField form={form} field="name" label="Name" autoComplete="name" />
        <PhoneField form={form} field="phone" label="Phone" autoComplete="tel" />
        <TextField form={form} field="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} field="address" label="Address" autoComplete="street-address" />
        <CaptchaWidget
          resetKey={error ? failures : undefined}
          onToken={(token) =>
            form.send({ type: 'field.changed', field: CAPTCHA_TOKEN_FIELD, value: token })
          }
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={!valid} loading={submitting}>
          Add me
        </Button>
      </Stack>
    </form>
  );
}

export default function UnavailableModal({ address }: { address: AddressActor }) {
  const form = useSelector(address, selectContactForm);
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={() => address.send({ type: 'contact.closed' })}
      title={SIGNUP_WIZARD_MESSAGES.addressUnavailableTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      style={SIGNUP_TEXT_COLORS}
    >
      {form ? <ContactForm form={form} /> : null}
    </Modal>
  );
}
