import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { fromPromise } from 'xstate';
import { SESSION_NOTICES } from '#shared/session/messages';
import { mailboxLoader, selectMailbox } from '#machines/session/mailbox.loader';
import {
  selectLoadError,
  selectLoading,
  selectReloading,
} from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { mailboxApi } from './api.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text of a message with its addresses as links (recovery links can be followed). */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** Outside production: the outbox, newest first, so a person trying the product can read its email. */
export default function MailboxPage() {
  usePageTitle('Mailbox');
  const { api } = useAppServices();
  const mailbox = useActorRef(
    mailboxLoader.provide({
      actors: { load: fromPromise(() => mailboxApi(api).outbox()) },
    }),
  );
  const loading = useSelector(mailbox, selectLoading);
  const reloading = useSelector(mailbox, selectReloading);
  const data = useSelector(mailbox, selectMailbox);
  const error = useSelector(mailbox, selectLoadError);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Mailbox</Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={reloading}
          disabled={loading}
          onClick={() => mailbox.send({ type: 'reload.requested' })}
        >
          Refresh
        </Button>
      </Group>
      <Text>
        Email the product has sent (this page exists outside production only). Follow a link to
        continue, for example to set a new password.
      </Text>
      {loading && (
        <Center py="lg" role="status" aria-label="Loading the mailbox">
          <Loader aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure
          title="The mailbox could not be loaded"
          message={error}
          onRetry={() => mailbox.send({ type: 'retry.pressed' })}
        />
      )}
      {data && data.messages.length === 0 && <Text>{SESSION_NOTICES.mailboxEmpty}</Text>}
      {data && data.messages.length > 0 && (
        <Stack
          gap="sm"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
          aria-label="Messages"
        >
          {data.messages.map((message) => (
            <Card component="li" withBorder key={message.id} data-testid="mailbox-message">
              <Group justify="space-between" mb={4}>
                <Text fw={700}>{message.subject}</Text>
                <Badge variant="light" color="gray">
                  {new Date(message.created_at).toLocaleString()}
                </Badge>
              </Group>
              <Text size="sm" mb="xs">
                To: {message.to}
              </Text>
              <LinkedText text={message.text} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
