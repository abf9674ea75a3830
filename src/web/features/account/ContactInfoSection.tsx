/** Account Home's contact information, with its edit form for account managers (PUT /user/info). */
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { PEOPLE_MESSAGES, PEOPLE_TEXT } from '#shared/messages/people';
import { UserInfoSchema } from '#shared/people/schemas';
import type { ContactInfo } from '#shared/session';
import { selectSubmitError, selectSubmitting } from '#machines/forms/form.selectors';
import { useAppServices } from '../../app/context.tsx';
import { useFormActor } from '../../components/form-actors.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { accountApi, type UserInfoUpdate } from './api.ts';

function EditInfo({ info, onDone }: { info: ContactInfo; onDone: (saved: boolean) => void }) {
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
      notifySuccess(actors.notifications, PEOPLE_MESSAGES.infoSaved);
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
          <FormTextField actor={form} field="phone" label="Phone" required />
          <FormTextField actor={form} field="email" label="Email" type="email" required />
          <FormTextField actor={form} field="dob" label="Date of birth (YYYY-MM-DD)" />
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

/** Where the contact information comes from: GET /user/info (account view), or the profile. */
export interface InfoSource {
  info: ContactInfo | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
  /** After a save: load it again. */
  reload: () => void;
}

export function ContactInfoSection({ source, canEdit }: { source: InfoSource; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const { info, loading, error } = source;
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="contact-heading" component="section">
      <Title order={2} size="h4" id="contact-heading" mb="xs">
        {PEOPLE_TEXT.contactTitle}
      </Title>
      {loading && (
        <Center py="sm" role="status" aria-label="Loading your contact information">
          <Loader size="sm" aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure
          title="Could not load your information"
          message={error}
          onRetry={source.retry}
        />
      )}
      {info &&
        (editing ? (
          <EditInfo
            info={info}
            onDone={(saved) => {
              setEditing(false);
              if (saved) source.reload();
            }}
          />
        ) : (
          <Stack gap={2} data-testid="contact-information" align="flex-start">
            <Text fw={600}>{info.name}</Text>
            {info.business && <Text>{info.business}</Text>}
            <Text>{info.email}</Text>
            <Text>{info.phone}</Text>
            {canEdit && (
              <Button variant="default" size="xs" mt="xs" onClick={() => setEditing(true)}>
                Edit contact information
              </Button>
            )}
          </Stack>
        ))}
    </Paper>
  );
}
