/**
 * /unsubscribe/ (portal.md §2, public): the page an optional email's link opens. It asks before
 * turning the emails off, so that a mail scanner opening the link changes nothing; the server
 * checks the link's signature and expiry.
 */
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import { selectUnsubscribeAnswer, unsubscribeLoader } from '#machines/people/email.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { unsubscribeApi } from './api.ts';

function Result({ token }: { token: string }) {
  const { api } = useAppServices();
  const call = useActorRef(
    unsubscribeLoader.provide({
      actors: { load: fromPromise(() => unsubscribeApi(api).unsubscribe(token)) },
    }),
  );
  const loading = useSelector(call, selectLoading);
  const answer = useSelector(call, selectUnsubscribeAnswer);
  const error = useSelector(call, selectLoadError);
  if (loading)
    return (
      <Center role="status" aria-label={UNSUBSCRIBE_MESSAGES.working}>
        <Loader size="sm" aria-hidden />
      </Center>
    );
  if (error !== null)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!answer) return null;
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{answer.msg}</Text>
      <Text size="sm">{UNSUBSCRIBE_MESSAGES.turnBackOn}</Text>
    </Stack>
  );
}

export default function UnsubscribePage() {
  usePageTitle(UNSUBSCRIBE_MESSAGES.pageTitle);
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Title order={1}>{UNSUBSCRIBE_MESSAGES.pageTitle}</Title>
      <Paper withBorder p="lg" radius="md">
        {token === '' ? (
          <Alert color="red" role="alert">
            {UNSUBSCRIBE_MESSAGES.linkInvalid}
          </Alert>
        ) : confirmed ? (
          <Result token={token} />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>{UNSUBSCRIBE_MESSAGES.preferencesHelp}</Text>
            <Button onClick={() => setConfirmed(true)}>Turn these emails off</Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
