/** Account Home's email preferences: each optional email on or off (GET/PUT /user/email_preferences). */
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { OPTIONAL_EMAIL_KINDS } from '#shared/people/constants';
import { EMAIL_KIND_SWITCHES, PEOPLE_TEXT, UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import { emailPreferencesLoader, selectEmailPreferences } from '#machines/people/email.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { notifyFailure, notifySuccess } from '../../components/notify.tsx';
import { emailPreferencesApi } from './api.ts';

export function EmailPreferences() {
  const { api, actors } = useAppServices();
  const calls = emailPreferencesApi(api);
  const prefs = useActorRef(
    emailPreferencesLoader.provide({
      actors: { load: fromPromise(() => calls.get()) },
    }),
  );
  const loading = useSelector(prefs, selectLoading);
  const data = useSelector(prefs, selectEmailPreferences);
  const error = useSelector(prefs, selectLoadError);
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="email-heading" component="section">
      <Title order={2} size="h4" id="email-heading" mb="xs">
        {PEOPLE_TEXT.emailPreferences}
      </Title>
      <Stack gap="xs">
        <Text size="sm">{UNSUBSCRIBE_MESSAGES.preferencesHelp}</Text>
        {error !== null && <Alert color="red">{error}</Alert>}
        {OPTIONAL_EMAIL_KINDS.map((kind) => (
          <Switch
            key={kind}
            label={EMAIL_KIND_SWITCHES[kind]}
            checked={data?.preferences[kind] ?? true}
            disabled={loading || !data}
            onChange={async (event) => {
              const on = event.currentTarget.checked;
              try {
                await calls.set({ [kind]: on });
                notifySuccess(actors.notifications, UNSUBSCRIBE_MESSAGES.saved);
              } catch (failure) {
                notifyFailure(actors.notifications, failure);
              }
              prefs.send({ type: 'reload.requested' });
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
