/** The form of Account Home's contact information (PUT /user/info, account manage). */
import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { PEOPLE_MESSAGES, PEOPLE_TEXT } from '#shared/people/messages';
import { UserInfoSchema } from '#shared/people/fields';
import type { ContactInfo } from '#shared/session/types';
import { selectSubmitError, selectSubmitting } from '#machines/forms/form.selectors';
import { useAppServices } from '../../app/context.tsx';
import { useFormActor } from '../../components/form-actors.ts';
import { FormTextField, READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';
import { FormDateOfBirthField, FormPhoneField } from '../../components/MaskedInput.tsx';
import { accountApi, type UserInfoUpdate } from './api.ts';

export function EditInfo({
  info,
  onDone,
}: {
  info: ContactInfo;
  onDone: (saved: boolean) => void;
}) {
  const { api, actors } = useAppServices();
  const form = useFormActor(
    {
      fields: UserInfoSchema.entries,
      initialValues: {
        first_name: info.first_name,
        middle_initial: info.middle_initial,
        last_name: info.last_name,
        business: info.business,
        phone: info.phone,
        email: info.email,
        dob: info.dob,
      },
    },
    async (values) => {
      const saved = await accountApi(api).updateInfo(values as unknown as UserInfoUpdate);
      actors.session.send({ type: 'profile.changed', info: saved });
      actors.notifications.send({
        type: 'notification.raised',
        message: PEOPLE_MESSAGES.infoSaved,
        notificationType: 'success',
      });
      onDone(true);
      return saved;
    },
  );
  const submitting = useSelector(form, selectSubmitting);
  const failure = useSelector(form, selectSubmitError);
  return (
    <form
      noValidate
      aria-label="Edit your contact information"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title="Your details were not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormTextField actor={form} field="first_name" label="First name" required />
          <FormTextField actor={form} field="middle_initial" label="Middle initial" />
          <FormTextField actor={form} field="last_name" label="Last name" required />
        </SimpleGrid>
        <FormTextField actor={form} field="business" label="Business" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormPhoneField
            form={form}
            field="phone"
            label="Phone"
            required
            autoComplete="tel"
            styles={READABLE_TEXT_INPUT}
          />
          <FormTextField actor={form} field="email" label="Email" type="email" required />
          <FormDateOfBirthField
            form={form}
            field="dob"
            label="Date of birth"
            description="MM/DD/YYYY"
            autoComplete="bday"
            styles={READABLE_TEXT_INPUT}
          />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            {PEOPLE_TEXT.save}
          </Button>
          <Button variant="default" onClick={() => onDone(false)} disabled={submitting}>
            {PEOPLE_TEXT.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
