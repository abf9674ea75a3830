/**
 * The Passkeys part of the account page's Second factor section (docs/session.md "Passkeys"): the
 * login's passkeys with when each was added and last used, Add a passkey (named first), Rename,
 * and Remove after a confirmation that names the passkey. Its machine
 * (machines/session/second-factor-passkeys.machine.ts) decides; this view renders its selectors
 * and sends its events. The browser's passkey prompts come from `@simplewebauthn/browser`, loaded
 * when first used.
 */
import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { PASSKEYS } from '#shared/session/constants';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { Passkey } from '#shared/session/passkeys';
import { passkeysMachine } from '#machines/session/second-factor-passkeys.machine';
import { selectPasskeysPart } from '#machines/session/second-factor-passkeys.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { passkeysApi } from './api.ts';
import { notifySuccess } from '../../../components/notify.tsx';
import { SubmitForm } from '../../../components/PanelSection.tsx';

const M = PASSKEY_MESSAGES;

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const when = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : 'never');

/** The browser's prompt not finished (cancelled, timed out): said in the part's own words. */
function notUsed(): never {
  throw { status: 0, message: M.passkeyCancelled };
}

export function PasskeysPart() {
  const { api, actors } = useAppServices();
  const calls = passkeysApi(api);
  const part = useActorRef(
    passkeysMachine.provide({
      actors: {
        load: fromPromise(() => calls.list()),
        register: fromPromise(async ({ input }) => {
          const optionsJSON = await calls.registrationOptions();
          const { startRegistration } = await import('@simplewebauthn/browser');
          const response = await startRegistration({ optionsJSON }).catch(notUsed);
          return calls.register(input.name, response);
        }),
        rename: fromPromise(({ input }) => calls.rename(input.id, input.name)),
        remove: fromPromise(({ input }) => calls.remove(input.id, input.webauthn)),
        getAssertion: fromPromise(async ({ input }) => {
          const { startAuthentication } = await import('@simplewebauthn/browser');
          return startAuthentication({ optionsJSON: input });
        }),
      },
      actions: {
        announce: (_, { message }) => notifySuccess(actors.notifications, message),
      },
    }),
  );
  const view = useSelector(
    part,
    selectPasskeysPart,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const [name, setName] = useState('');
  const confirmRef = useRef<HTMLDivElement>(null);
  // Each name step starts with the passkey's name (renaming) or an empty box (adding).
  useEffect(() => {
    setName(view.shows === 'rename' ? (view.target?.name ?? '') : '');
  }, [view.shows, view.target?.name]);
  // The confirmation takes the focus, so a keyboard or screen reader lands on what it asks.
  useEffect(() => {
    if (view.shows === 'confirm removal') confirmRef.current?.focus();
  }, [view.shows]);

  const naming = view.shows === 'name new' || view.shows === 'rename';
  return (
    <Stack gap="sm" component="section" aria-labelledby="passkeys-heading" data-testid="passkeys">
      <Title order={3} size="h5" id="passkeys-heading">
        Passkeys
      </Title>
      <Text size="sm">
        A passkey on this device or a security key can be used instead of a code after your
        password.
      </Text>
      {view.shows === 'loading' && <Text size="sm">Loading…</Text>}
      {view.shows === 'failed' && (
        <LoadFailure
          title="Passkeys"
          message={view.error}
          onRetry={() => part.send({ type: 'retry.pressed' })}
        />
      )}
      {view.error && view.shows !== 'failed' && !naming && (
        <Alert color="red" role="alert" title="Passkeys">
          {view.error}
        </Alert>
      )}
      {view.shows !== 'loading' && view.shows !== 'failed' && (
        <>
          {view.passkeys.length === 0 ? (
            <Text size="sm">No passkeys yet.</Text>
          ) : (
            <List listStyleType="none" spacing="xs" aria-label="Your passkeys">
              {view.passkeys.map((passkey) => (
                <List.Item key={passkey.id}>
                  <PasskeyRow
                    passkey={passkey}
                    disabled={view.shows !== 'list'}
                    onRename={() => part.send({ type: 'rename.pressed', id: passkey.id })}
                    onRemove={() => part.send({ type: 'remove.pressed', id: passkey.id })}
                  />
                </List.Item>
              ))}
            </List>
          )}
          {view.shows === 'list' && (
            <Group>
              <Button variant="default" onClick={() => part.send({ type: 'add.pressed' })}>
                Add a passkey
              </Button>
            </Group>
          )}
        </>
      )}
      {naming && (
        <SubmitForm
          noValidate
          aria-label={view.shows === 'rename' ? 'Rename the passkey' : 'Add a passkey'}
          onSubmit={() => part.send({ type: 'name.submitted', name })}
        >
          <Stack gap="sm">
            <TextInput
              label={view.shows === 'rename' ? 'New name' : 'Name of the passkey'}
              description={
                view.shows === 'rename' ? undefined : 'For example "Work laptop" or "Blue key".'
              }
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={view.error}
              maxLength={PASSKEYS.nameMaxLength + 1}
              required
              autoFocus
            />
            <Group gap="sm">
              <Button variant="default" onClick={() => part.send({ type: 'cancel.pressed' })}>
                Cancel
              </Button>
              <Button type="submit" loading={view.busy}>
                {view.shows === 'rename' ? 'Save name' : 'Add'}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
      {view.shows === 'confirm removal' && view.target && (
        <Alert
          ref={confirmRef}
          tabIndex={-1}
          color="red"
          role="alertdialog"
          aria-labelledby="remove-passkey-title"
          title={<span id="remove-passkey-title">Remove the passkey “{view.target.name}”?</span>}
        >
          <Stack gap="sm">
            <Text size="sm">It will no longer log you in. This cannot be undone.</Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={view.busy}
                onClick={() => part.send({ type: 'cancel.pressed' })}
              >
                Cancel
              </Button>
              <Button
                color="red.9"
                loading={view.busy}
                onClick={() => part.send({ type: 'confirm.pressed' })}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function PasskeyRow({
  passkey,
  disabled,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  disabled: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Text fw={600} size="sm">
          {passkey.name}
        </Text>
        <Text size="xs" c="dimmed">
          Added {when(passkey.created_at)} · last used {when(passkey.last_used_at)}
        </Text>
      </div>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          aria-label={`Rename ${passkey.name}`}
          onClick={onRename}
        >
          Rename
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={disabled}
          aria-label={`Remove ${passkey.name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}
