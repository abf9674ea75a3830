import { Alert, Button, Center, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SESSION_MESSAGES } from '#shared/messages';
import type { PostalAddress, UserInfoResponse } from '#shared/session';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { loaderMachine } from '#machines/session/loader.machine';
import { selectData, selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { AddressLines } from '../../components/AddressLines.tsx';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { usePasswordActor } from '../../components/password-actor.ts';
import { accountApi } from './api.ts';

function Address({ address }: { address: PostalAddress | null }) {
  if (!address) return <Text>No service address on file.</Text>;
  return <AddressLines address={address} testId="service-address" />;
}

function ContactInformation() {
  const { api } = useAppServices();
  const info = useActorRef(
    loaderMachine.provide({
      actors: { load: fromPromise<unknown>(() => accountApi(api).userInfo()) },
    }),
  );
  const loading = useSelector(info, selectLoading);
  const data = useSelector(info, (s) => selectData<UserInfoResponse>(s));
  const error = useSelector(info, selectLoadError);
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="contact-heading" component="section">
      <Title order={2} size="h4" id="contact-heading" mb="xs">
        Contact information
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
          onRetry={() => info.send({ type: 'retry.pressed' })}
        />
      )}
      {data && (
        <Stack gap={2} data-testid="contact-information">
          <Text>{data.info.email}</Text>
          <Text>{data.info.phone}</Text>
        </Stack>
      )}
    </Paper>
  );
}

function ChangePassword({ userInputs }: { userInputs: string[] }) {
  const { api, actors } = useAppServices();
  // Once changed, the user is told so and the form starts over for another change.
  const password = usePasswordActor(
    { requireCurrent: true, userInputs, startOverWhenDone: true },
    (values) => accountApi(api).changePassword(values),
    {
      'announce the change': () =>
        actors.notifications.send({
          type: 'notification.raised',
          message: SESSION_MESSAGES.passwordChanged,
          notificationType: 'success',
        }),
    },
  );
  const submitting = useSelector(password, selectPasswordSubmitting);
  const failure = useSelector(password, selectPasswordSubmitError);

  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="password-heading" component="section">
      <Title order={2} size="h4" id="password-heading" mb="xs">
        Change your password
      </Title>
      <form
        noValidate
        aria-label="Change your password"
        onSubmit={(event) => {
          event.preventDefault();
          password.send({ type: 'submit.pressed' });
        }}
      >
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert" title="The password was not changed">
              {failure}
            </Alert>
          )}
          <PasswordFields actor={password} withCurrent />
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Account home: the user's name and service address, contact information, change of password. */
export default function AccountPage() {
  usePageTitle('Account');
  const { actors } = useAppServices();
  const user = useSelector(actors.session, selectUser);
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>Account</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md" aria-labelledby="who-heading" component="section">
            <Title order={2} size="h4" id="who-heading" mb="xs">
              {user.info.name || user.username}
            </Title>
            <Text size="sm" mb="xs">
              Username: {user.username}
            </Text>
            <Title order={3} size="h6">
              Service address
            </Title>
            <Address address={user.service_address} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContactInformation />
        </Grid.Col>
      </Grid>
      <ChangePassword
        userInputs={[user.username, user.info.name, user.info.email].filter(Boolean)}
      />
    </Stack>
  );
}
