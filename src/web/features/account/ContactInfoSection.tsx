/** Account Home's contact information, with its edit form for account managers (PUT /user/info). */
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PEOPLE_TEXT } from '#shared/people/messages';
import type { ContactInfo } from '#shared/session/types';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { EditInfo } from './EditInfo.tsx';

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
