/**
 * "utopia residential" (utopia, yellowstone_fiber, bountiful_fiber): ownership, with the owner's
 * contact for a renter; the tribal question and the city utility account where the provider
 * needs them.
 */
import { Alert, Button, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { CONNECTIVITY_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import type { ResidentialDetailsActor } from '#machines/signup/residential-details.machine';
import {
  selectResidentialForms,
  selectResidentialView,
} from '#machines/signup/residential-details.selectors';
import { selectSubmitError, selectSubmitting } from '#machines/forms/form.selectors';
import { PhoneField, TextField, type FormActor } from './fields.tsx';

function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? 'yes' : 'no';
}

function OwnerContact({ form, sent }: { form: FormActor; sent: boolean }) {
  const submitting = useSelector(form, selectSubmitting);
  const error = useSelector(form, selectSubmitError);
  return (
    <form
      noValidate
      aria-label="Property owner"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Please tell us how to reach the owner of the home.</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField form={form} field="owner_name" label="Owner name" />
          <PhoneField form={form} field="owner_phone" label="Owner phone" />
          <TextField form={form} field="owner_email" label="Owner email" type="email" />
        </SimpleGrid>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {sent ? (
          <Alert color="green" variant="light" role="status" data-testid="owner-contact-sent">
            {SIGNUP_WIZARD_MESSAGES.ownerContactSent}
          </Alert>
        ) : (
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            Send the owner&apos;s contact
          </Button>
        )}
      </Stack>
    </form>
  );
}

export default function ResidentialSection({ details }: { details: ResidentialDetailsActor }) {
  const view = useSelector(details, selectResidentialView);
  const ownerForm = useSelector(details, (s) => selectResidentialForms(s).ownerContact);
  const cityForm = useSelector(details, (s) => selectResidentialForms(s).cityAccount);

  return (
    <Stack gap="md" data-testid="utopia-residential">
      <Radio.Group
        label="Do you own or rent this home?"
        description={view.ownershipRequired ? CONNECTIVITY_MESSAGES.ownershipRequired : undefined}
        value={yesNo(view.isOwner)}
        onChange={(value) => details.send({ type: 'ownership.chosen', owner: value === 'yes' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="yes" label="I own this home" />
          <Radio value="no" label="I rent this home" />
        </Stack>
      </Radio.Group>
      {view.renterRefused && (
        <Alert color="orange" variant="light" role="alert" data-testid="owners-only">
          {CONNECTIVITY_MESSAGES.ownersOnly}
        </Alert>
      )}
      {view.isOwner === false && ownerForm && (
        <OwnerContact form={ownerForm} sent={view.ownerContactSent} />
      )}

      {view.askTribal && (
        <Radio.Group
          label="Are you a member of a federally recognized tribe?"
          description={CONNECTIVITY_MESSAGES.tribalRequired}
          value={yesNo(view.isTribal)}
          onChange={(value) => details.send({ type: 'tribal.answered', member: value === 'yes' })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Stack>
        </Radio.Group>
      )}

      {view.askCityAccount && cityForm && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="city-account">
          <TextField
            form={cityForm}
            field="city_customer_id"
            label="City customer ID"
            description="From your city utility bill"
            inputMode="numeric"
          />
          <TextField
            form={cityForm}
            field="city_account_id"
            label="City account ID"
            description="From your city utility bill"
            inputMode="numeric"
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
