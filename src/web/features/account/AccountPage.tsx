import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SESSION_MESSAGES } from '#shared/messages';
import { PEOPLE_TEXT } from '#shared/messages/people';
import type { PostalAddress } from '#shared/session';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { selectAccountSections, type AccountSections } from '#machines/people/account.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { AddressLines } from '../../components/AddressLines.tsx';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { usePasswordActor } from '../../components/password-actor.ts';
import { accountApi } from './api.ts';
import { ContactInfoSection } from './ContactInfoSection.tsx';
import { EmailPreferences } from './EmailPreferences.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { BillingSummaryCard, ServicesSummaryCard } from './SummaryCards.tsx';

function Address({ address }: { address: PostalAddress | null }) {
  if (!address) return <Text>No service address on file.</Text>;
  return <AddressLines address={address} testId="service-address" />;
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

/**
 * Account Home, the customer's overview: contact information (with edit for account managers),
 * the service address, the billing and services summaries for those who may see them, the
 * authorized contacts and users for those with contacts view, and the change of password.
 */
export default function AccountPage() {
  usePageTitle('Account');
  const { actors } = useAppServices();
  const user = useSelector(actors.session, selectUser);
  const sections = useSelector(actors.session, selectAccountSections, sameSections);
  if (!user || !sections) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>Account</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContactInfoSection info={user.info} canEdit={sections.editInfo} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md" aria-labelledby="who-heading" component="section">
            <Title order={2} size="h4" id="who-heading" mb="xs">
              {PEOPLE_TEXT.serviceAddressTitle}
            </Title>
            <Text size="sm" mb="xs">
              Username: {user.username}
            </Text>
            <Address address={user.service_address} />
          </Paper>
        </Grid.Col>
        {sections.billing && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <BillingSummaryCard amounts={sections.billing === 'amounts'} />
          </Grid.Col>
        )}
        {sections.services && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ServicesSummaryCard />
          </Grid.Col>
        )}
      </Grid>
      {sections.contacts && (
        <PeopleSection
          granter={sections.granter}
          acting={sections.actingAdmin}
          manage={sections.manageContacts}
        />
      )}
      <EmailPreferences />
      <ChangePassword
        userInputs={[user.username, user.info.name, user.info.email].filter(Boolean)}
      />
    </Stack>
  );
}

function sameSections(a: AccountSections | null, b: AccountSections | null) {
  return JSON.stringify(a) === JSON.stringify(b);
}
