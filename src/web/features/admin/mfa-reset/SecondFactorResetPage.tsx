/**
 * The admin area's Second factor reset screen (/admin/second-factor/, docs/session.md "Reset by a
 * site admin"): find a login by username, see its authenticator app, recovery codes left and
 * passkeys, and reset them after a confirmation that lists the support process's checks and takes
 * the verification performed. Its machine (machines/session/second-factor-reset.machine.ts)
 * decides; this view renders its selectors and sends its events.
 */
import { Alert, Button, Group, List, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { secondFactorResetMachine } from '#machines/session/second-factor-reset.machine';
import { selectResetScreen } from '#machines/session/second-factor-reset.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { AdminNav } from '../AdminNav.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { secondFactorResetApi } from './api.ts';
import { notifySuccess } from '../../../components/notify.tsx';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const when = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : 'never');

/** docs/session.md "Support process", the checks the confirmation lists. */
const SUPPORT_CHECKS = [
  'The request came to support by phone or email, and a ticket is open.',
  'You called the person back on the phone number on file for the customer (never a number given in the request), or confirmed from the email address on file, and they gave the account number and the service address.',
  'For a login that is not the primary admin, the customer’s primary admin confirmed as well.',
];

export default function SecondFactorResetPage() {
  usePageTitle('Second factor reset');
  const { api, actors } = useAppServices();
  const calls = secondFactorResetApi(api);
  const screen = useActorRef(
    secondFactorResetMachine.provide({
      actors: {
        find: fromPromise(({ input }) => calls.find(input.username)),
        reset: fromPromise(({ input }) => calls.reset(input.username, input.verifiedBy)),
      },
      actions: {
        announce: (_, { message }) => notifySuccess(actors.notifications, message),
      },
    }),
  );
  const view = useSelector(
    screen,
    selectResetScreen,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const [username, setUsername] = useState('');
  const [verifiedBy, setVerifiedBy] = useState('');
  const confirmRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (view.shows === 'confirm') confirmRef.current?.querySelector('textarea')?.focus();
    else setVerifiedBy('');
  }, [view.shows]);
  const found = view.found;

  return (
    <Stack gap="lg">
      <AdminNav current="/admin/second-factor/" />
      <Title order={1}>Second factor reset</Title>
      <Text>
        For a person who lost their authenticator app, recovery codes and passkeys: find their
        login, follow the support process, then reset. They log in with their password alone
        afterwards, and every session of the login ends.
      </Text>
      <SearchForm
        name="Find a login"
        label="Username"
        value={username}
        onChange={setUsername}
        onSubmit={() => screen.send({ type: 'search.submitted', username })}
        loading={view.busy && view.shows === 'search'}
        button="Find"
      />
      {view.error && view.shows !== 'confirm' && (
        <Alert color="red" role="alert" title="Second factor reset">
          {view.error}
        </Alert>
      )}
      {found && (
        <Stack gap="sm" component="section" aria-labelledby="factors-heading" data-testid="factors">
          <Title order={2} size="h4" id="factors-heading">
            Second factors of {found.username}
          </Title>
          <Text size="sm">
            Account number {found.cid}
            {found.primary_admin ? ', the customer’s primary admin' : ''}.
          </Text>
          <Table>
            <Table.Caption style={{ color: 'var(--mantine-color-text)' }}>Factors</Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Authenticator app</Table.Th>
                <Table.Td>
                  {found.totp === 'on'
                    ? `On, ${found.recovery_codes_left} recovery codes left`
                    : found.totp === 'pending'
                      ? 'Being set up'
                      : 'Off'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Passkeys</Table.Th>
                <Table.Td>
                  {found.passkeys.length === 0
                    ? 'None'
                    : found.passkeys
                        .map(
                          (p) =>
                            `${p.name} (added ${when(p.created_at)}, last used ${when(p.last_used_at)})`,
                        )
                        .join('; ')}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {view.shows === 'factors' &&
            (view.resettable ? (
              <Group>
                <Button color="red.9" onClick={() => screen.send({ type: 'reset.pressed' })}>
                  Reset second factor
                </Button>
              </Group>
            ) : (
              <Text size="sm">This login has no second factor to reset.</Text>
            ))}
          {view.shows === 'confirm' && (
            <form
              ref={confirmRef}
              noValidate
              aria-label={`Reset the second factor of ${found.username}`}
              onSubmit={(event) => {
                event.preventDefault();
                screen.send({ type: 'verification.submitted', verifiedBy });
              }}
            >
              <Stack gap="sm">
                <Text fw={700}>Before you reset the second factor of {found.username}:</Text>
                <List type="ordered" size="sm" spacing={4}>
                  {SUPPORT_CHECKS.map((check) => (
                    <List.Item key={check}>{check}</List.Item>
                  ))}
                </List>
                <Textarea
                  label="Verification performed"
                  description="The ticket and how the person was verified; it is written to the audit log."
                  value={verifiedBy}
                  onChange={(event) => setVerifiedBy(event.currentTarget.value)}
                  error={view.error}
                  autosize
                  minRows={2}
                  required
                />
                <Group gap="sm">
                  <Button
                    variant="default"
                    disabled={view.busy}
                    onClick={() => screen.send({ type: 'cancel.pressed' })}
                  >
                    Cancel
                  </Button>
                  <Button type="submit" color="red.9" loading={view.busy}>
                    Reset second factor
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Stack>
  );
}
