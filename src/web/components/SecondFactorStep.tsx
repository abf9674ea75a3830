/**
 * The second factor's code step (machines/session/second-factor.machine.ts), shown by the login
 * page after a right password and by the password prompt of a sensitive action: the app's code,
 * a recovery code instead, or a new app's QR code, key and first code; then the new recovery codes
 * once. It renders the step's selectors and sends its events; nothing else.
 */
import { Alert, Anchor, Button, Code, Group, Image, List, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import * as v from 'valibot';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { SECOND_FACTOR_TEXT } from '#shared/session/second-factor-text';
import { recoveryCodesFile } from '#shared/session/second-factor';
import { following } from '#machines/follow';
import {
  selectCodeStep,
  selectStepActor,
  selectStepMachine,
  selectStepError,
  selectStepSnapshot,
  type SecondFactorActor,
  type StepActor,
} from '#machines/session/second-factor.selectors';
import { FormTextField } from './FormTextField.tsx';
import { useFormActor } from './form-actors.ts';

const T = SECOND_FACTOR_TEXT;
const FIELDS = {
  code: v.pipe(v.string(), v.trim(), v.minLength(1, SECOND_FACTOR_MESSAGES.codeRequired)),
};

/** The recovery codes, shown once, with their download and the acknowledgement. */
export function RecoveryCodesList({
  username,
  codes,
  onSaved,
}: {
  username: string;
  codes: readonly string[];
  onSaved: () => void;
}) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(username, codes))}`;
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Text fw={700}>{T.recoveryTitle}</Text>
      <Text size="sm">{T.recoveryIntro}</Text>
      <List spacing={2} ff="monospace" aria-label={T.recoveryTitle}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Anchor href={file} download={`recovery-codes-${username}.txt`}>
          {T.download}
        </Anchor>
        <Button onClick={onSaved}>{T.saved}</Button>
      </Group>
    </Stack>
  );
}

export function SecondFactorStep({
  actor,
  username,
  onCancel,
}: {
  actor: SecondFactorActor;
  username: string;
  onCancel: () => void;
}) {
  const stepActor = useSelector(actor, selectStepActor);
  const lockout = useSelector(actor, selectCodeStep);
  if (stepActor) {
    // Each step the machine runs gets its own form: a new step starts with an empty box.
    return (
      <AskingStep
        key={stepActor.sessionId}
        actor={actor}
        stepActor={stepActor}
        username={username}
        onCancel={onCancel}
      />
    );
  }
  if (lockout.asks === 'locked out') {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title={T.codeStepTitle}>
          {lockout.error ?? T.lockedOut}
        </Alert>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
          <Button onClick={() => actor.send({ type: 'retry.pressed' })}>{T.tryAgain}</Button>
        </Group>
      </Stack>
    );
  }
  return null;
}

/** The step that asks now (setting up, a passkey, or a code), followed as it changes. */
function AskingStep({
  actor,
  stepActor,
  username,
  onCancel,
}: {
  actor: SecondFactorActor;
  stepActor: StepActor;
  username: string;
  onCancel: () => void;
}) {
  const stepSnapshot = useSelector(stepActor as AnyActorRef, selectStepSnapshot);
  const step = selectCodeStep(useSelector(actor, selectStepMachine), stepSnapshot);
  const form = useFormActor(
    { fields: FIELDS },
    async (values) => {
      actor.send({ type: 'code.submitted', code: String(values.code) });
    },
    // A refused code empties the box for the next one.
    following(
      [stepActor as AnyActorRef],
      ([snapshot]) => selectStepError(snapshot),
      () => ({
        type: 'form.cleared',
      }),
    ),
  );

  if (step.asks === 'recovery codes' && step.recoveryCodes) {
    return (
      <RecoveryCodesList
        username={username}
        codes={step.recoveryCodes}
        onSaved={() => actor.send({ type: 'codes.saved' })}
      />
    );
  }
  if (step.asks === 'passkey') {
    return (
      <Stack gap="md" role="group" aria-label={T.codeStepTitle}>
        <Text size="sm">{PASSKEY_MESSAGES.passkeyPrompt}</Text>
        {step.error && (
          <Alert color="red" role="alert" title={T.codeStepTitle}>
            {step.error}
          </Alert>
        )}
        <Group gap="sm" justify="space-between">
          {step.codesOffered ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => actor.send({ type: 'app.chosen' })}
            >
              {PASSKEY_MESSAGES.useCodeInstead}
            </Anchor>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {T.cancel}
            </Button>
            <Button
              autoFocus
              loading={step.checking}
              onClick={() => actor.send({ type: 'passkey.pressed' })}
            >
              {PASSKEY_MESSAGES.usePasskey}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  const recovery = step.asks === 'recovery';
  return (
    <form
      noValidate
      aria-label={T.codeStepTitle}
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="md">
        {step.setup ? (
          <>
            <Text size="sm">{SECOND_FACTOR_MESSAGES.setupRequired}</Text>
            <Text size="sm">{T.scanIntro}</Text>
            <Image
              src={step.setup.qr_code}
              alt={`QR code of the authenticator account for ${username}`}
              w={200}
              h={200}
              data-testid="totp-qr"
            />
            <Text size="sm">
              {T.secretLabel}: <Code data-testid="totp-secret">{step.setup.secret}</Code>
            </Text>
          </>
        ) : (
          <Text size="sm">{recovery ? T.recoveryStepIntro : SECOND_FACTOR_MESSAGES.required}</Text>
        )}
        {step.error && (
          <Alert color="red" role="alert" title={T.codeStepTitle}>
            {step.error}
          </Alert>
        )}
        <FormTextField
          actor={form}
          field="code"
          label={recovery ? T.recoveryLabel : T.codeLabel}
          autoComplete="one-time-code"
          required
          autoFocus
        />
        <Group gap="sm" justify="space-between">
          {step.asks === 'setup' ? (
            <span />
          ) : (
            <Stack gap={4} align="flex-start">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => actor.send({ type: recovery ? 'app.chosen' : 'recovery.chosen' })}
              >
                {recovery ? T.useApp : T.useRecovery}
              </Anchor>
              {step.passkeyOffered && step.asks === 'app' && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => actor.send({ type: 'passkey.chosen' })}
                >
                  {PASSKEY_MESSAGES.usePasskeyInstead}
                </Anchor>
              )}
            </Stack>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={step.checking}>
              {T.verify}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
