/**
 * Account Home's Second factor section (docs/session.md "Second factor"): the authenticator app on
 * or off, turning it on with its QR code and key and a first code, the recovery codes once, turning
 * it off and new recovery codes with a current code, and the primary admin's rule for every login.
 * The section's machine (machines/session/second-factor-settings.machine.ts) decides; this view
 * renders its selectors and sends its events.
 */
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { SECOND_FACTOR_TEXT } from '#shared/session/second-factor-text';
import { following } from '#machines/follow';
import { secondFactorSettingsMachine } from '#machines/session/second-factor-settings.machine';
import { selectSecondFactorSection } from '#machines/session/second-factor-settings.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useFormActor } from '../../../components/form-actors.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { RecoveryCodesList } from '../../../components/SecondFactorStep.tsx';
import { secondFactorApi } from './api.ts';
import { PasskeysPart } from './PasskeysPart.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { SubmitForm } from '../../../components/PanelSection.tsx';

const T = SECOND_FACTOR_TEXT;
const FIELDS = {
  code: v.pipe(v.string(), v.trim(), v.minLength(1, SECOND_FACTOR_MESSAGES.codeRequired)),
};

/** The section, unless a site admin is acting as the customer (a login's factor is its own). */
export function SecondFactorSection({ username, acting }: { username: string; acting: boolean }) {
  return acting ? null : <Section username={username} />;
}

function Section({ username }: { username: string }) {
  const { api, actors } = useAppServices();
  const calls = secondFactorApi(api);
  const settings = useActorRef(
    secondFactorSettingsMachine.provide({
      actors: {
        load: fromPromise(() => calls.status()),
        start: fromPromise(() => calls.start()),
        confirm: fromPromise(({ input }) => calls.confirm(input.code)),
        turnOff: fromPromise(({ input }) => calls.turnOff(input.code)),
        newCodes: fromPromise(({ input }) => calls.newCodes(input.code)),
        savePolicy: fromPromise(({ input }) => calls.setPolicy(input.required)),
      },
      actions: {
        announce: (_, { message }) => notifySuccess(actors.notifications, message),
      },
    }),
  );
  const section = useSelector(settings, selectSecondFactorSection, sameSection);
  const form = useFormActor(
    { fields: FIELDS },
    async (values) => {
      settings.send({ type: 'code.submitted', code: String(values.code) });
    },
    // Each step that asks for a code starts with an empty box, and so does a refused code.
    following(
      [settings],
      ([snapshot]) => {
        const { shows, error } = selectSecondFactorSection(snapshot);
        return { shows, error };
      },
      () => ({ type: 'form.cleared' }),
      (a, b) => a.shows === b.shows && a.error === b.error,
    ),
  );

  const status = section.status;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      aria-labelledby="second-factor-heading"
      component="section"
      data-testid="second-factor-section"
    >
      <Title order={2} size="h4" id="second-factor-heading" mb="xs">
        {T.sectionTitle}
      </Title>
      <Stack gap="sm">
        {section.shows === 'loading' && <Text size="sm">Loading…</Text>}
        {section.shows === 'failed' && (
          <LoadFailure
            title={T.sectionTitle}
            message={section.error}
            onRetry={() => settings.send({ type: 'retry.pressed' })}
          />
        )}
        {section.error && section.shows !== 'failed' && (
          <Alert color="red" role="alert" title={T.sectionTitle}>
            {section.error}
          </Alert>
        )}
        {status?.required && <Text size="sm">{T.requiredNote}</Text>}
        {section.shows === 'overview' && status && (
          <>
            <Text size="sm">{status.totp === 'on' ? T.onIntro : T.offIntro}</Text>
            {status.totp === 'on' && (
              <Text size="sm">{T.codesLeft(status.recovery_codes_left)}</Text>
            )}
            <Group gap="sm">
              {status.totp === 'on' ? (
                <>
                  <Button
                    variant="default"
                    loading={section.busy}
                    onClick={() => settings.send({ type: 'new.codes.pressed' })}
                  >
                    {T.newCodes}
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => settings.send({ type: 'turn.off.pressed' })}
                  >
                    {T.turnOff}
                  </Button>
                </>
              ) : (
                <Button
                  loading={section.busy}
                  onClick={() => settings.send({ type: 'setup.pressed' })}
                >
                  {T.turnOn}
                </Button>
              )}
            </Group>
            {status.can_require && (
              <Switch
                label={T.requireLabel}
                checked={status.required}
                disabled={section.busy}
                onChange={(event) =>
                  settings.send({ type: 'policy.changed', required: event.currentTarget.checked })
                }
              />
            )}
          </>
        )}
        {section.shows === 'codes' && section.recoveryCodes && (
          <RecoveryCodesList
            username={username}
            codes={section.recoveryCodes}
            onSaved={() => settings.send({ type: 'codes.saved' })}
          />
        )}
        {(section.shows === 'scan' ||
          section.shows === 'turn off' ||
          section.shows === 'new codes') && (
          <SubmitForm
            noValidate
            aria-label={T.sectionTitle}
            onSubmit={() => form.send({ type: 'submit.pressed' })}
          >
            <Stack gap="sm">
              {section.setup ? (
                <>
                  <Text size="sm">{T.scanIntro}</Text>
                  <Image
                    src={section.setup.qr_code}
                    alt={`QR code of the authenticator account for ${username}`}
                    w={200}
                    h={200}
                    data-testid="totp-qr"
                  />
                  <Text size="sm">
                    {T.secretLabel}: <Code data-testid="totp-secret">{section.setup.secret}</Code>
                  </Text>
                </>
              ) : (
                <Text size="sm">{T.proofIntro}</Text>
              )}
              <FormTextField
                actor={form}
                field="code"
                label={T.codeLabel}
                autoComplete="one-time-code"
                required
              />
              <Group gap="sm">
                <Button variant="default" onClick={() => settings.send({ type: 'cancel.pressed' })}>
                  {T.cancel}
                </Button>
                <Button type="submit" loading={section.busy}>
                  {section.shows === 'scan'
                    ? T.confirm
                    : section.shows === 'turn off'
                      ? T.turnOff
                      : T.newCodes}
                </Button>
              </Group>
            </Stack>
          </SubmitForm>
        )}
        <PasskeysPart />
      </Stack>
    </Paper>
  );
}

function sameSection(a: ReturnType<typeof selectSecondFactorSection>, b: typeof a) {
  return JSON.stringify(a) === JSON.stringify(b);
}
