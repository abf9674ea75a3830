import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { SESSION_NOTICES } from '#shared/session/messages';
import { LoginSchema } from '#shared/session/schemas';
import { selectSubmitting } from '#machines/forms/form.selectors';
import { submitLogin } from '#machines/session/login-submit';
import {
  selectLoggingIn,
  selectLoginError,
  selectSecondFactorStep,
  selectSecondFactorUsername,
} from '#machines/session/login.selectors';
import {
  selectLoginActor,
  selectSessionStatus,
  selectUsername,
} from '#machines/session/session.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { useFormActor } from '../../../components/form-actors.ts';
import { SecondFactorStep } from '../../../components/SecondFactorStep.tsx';

const FIELDS = { username: LoginSchema.entries.username, password: LoginSchema.entries.password };

/** The login page (portal.md §2): username, password with a show/hide toggle, the timeout notice. */
export default function LoginPage() {
  usePageTitle('Log in');
  const { actors } = useAppServices();
  const search = useSearch({ strict: false }) as { timeout?: unknown; redirect?: unknown };
  const timedOut = search.timeout === true || search.timeout === 'true';
  const redirect = typeof search.redirect === 'string' ? search.redirect : null;

  const form = useFormActor({ fields: FIELDS }, (values) =>
    submitLogin(actors.session, {
      username: String(values.username).trim(),
      password: String(values.password),
      redirect,
    }),
  );
  const submitting = useSelector(form, selectSubmitting);
  const status = useSelector(actors.session, selectSessionStatus);
  const username = useSelector(actors.session, selectUsername);
  // The login under way is the session's child: the form follows it.
  const login = useSelector(actors.session, selectLoginActor) ?? undefined;
  const loggingIn = useSelector(login, selectLoggingIn);
  const loginError = useSelector(login, selectLoginError);
  const secondFactor = useSelector(login, selectSecondFactorStep);
  const secondFactorUsername = useSelector(login, selectSecondFactorUsername);

  if (status === 'loggedIn' && !submitting) {
    return (
      <Stack gap="sm" maw={480}>
        <Title order={1}>Log in</Title>
        <Text>
          You are logged in as <strong>{username}</strong>.{' '}
          <Anchor component={Link} to="/account/">
            Go to your account
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={480} mx="auto">
      <Title order={1}>Log in</Title>
      {timedOut && (
        <Alert color="blue" title="Session timed out" role="status" data-testid="timeout-notice">
          {SESSION_NOTICES.timedOut}
        </Alert>
      )}
      {loginError && (
        <Alert color="red" title={loginError.title || 'Login failed'} role="alert">
          {loginError.message}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        {secondFactor ? (
          <SecondFactorStep
            actor={secondFactor}
            username={secondFactorUsername ?? ''}
            onCancel={() => actors.session.send({ type: 'login.cancelled' })}
          />
        ) : (
          <form
            noValidate
            aria-label="Log in"
            onSubmit={(event) => {
              event.preventDefault();
              form.send({ type: 'submit.pressed' });
            }}
          >
            <Stack gap="md">
              <FormTextField
                actor={form}
                field="username"
                label="Username"
                autoComplete="username"
                required
                autoFocus
              />
              <FormTextField
                actor={form}
                field="password"
                label="Password"
                autoComplete="current-password"
                required
                secret
              />
              <Button type="submit" loading={loggingIn} fullWidth>
                Log in
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/username-recovery/" size="sm">
          Forgot your username?
        </Anchor>
        <Anchor component={Link} to="/password-recovery/" size="sm">
          Forgot your password?
        </Anchor>
        <Anchor component={Link} to="/signup/" size="sm">
          New customer? Sign up
        </Anchor>
      </Group>
    </Stack>
  );
}
