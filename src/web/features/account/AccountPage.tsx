import { Alert, Anchor, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { ACTIVITY_PAGE_MESSAGES } from '#shared/activity/messages';
import { SESSION_MESSAGES } from '#shared/session/messages';
import { PEOPLE_TEXT } from '#shared/people/messages';
import type { Billing, PostalAddress } from '#shared/session/types';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { selectAccountSections, type AccountSections } from '#machines/people/account.selectors';
import { accountInfoLoader, selectAccountInfo } from '#machines/people/account-info.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { AddressLines } from '../../components/AddressLines.tsx';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { usePasswordActor } from '../../components/password-actor.ts';
import { accountApi } from './api.ts';
import { ContactInfoSection, type InfoSource } from './ContactInfoSection.tsx';
import { EmailPreferences } from '../people/EmailPreferences.tsx';
import { PeopleSection } from '../people/PeopleSection.tsx';
import { SecondFactorSection } from './security/SecondFactorSection.tsx';
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

/** The overview's first cards, from GET /user/info (account view) or from the profile. */
function Overview({ sections, children }: { sections: AccountSections; children: ReactNode }) {
  const { actors } = useAppServices();
  const user = useSelector(actors.session, selectUser);
  if (!user) return null;
  const fromProfile: InfoSource = {
    info: user.info,
    loading: false,
    error: null,
    retry: () => undefined,
    reload: () => undefined,
  };
  return sections.readInfo ? (
    <WithUserInfo sections={sections}>{children}</WithUserInfo>
  ) : (
    <Cards sections={sections} source={fromProfile} billing={null}>
      {children}
    </Cards>
  );
}

function WithUserInfo({ sections, children }: { sections: AccountSections; children: ReactNode }) {
  const { api } = useAppServices();
  const loader = useActorRef(
    accountInfoLoader.provide({
      actors: { load: fromPromise(() => accountApi(api).userInfo()) },
    }),
  );
  const loading = useSelector(loader, selectLoading);
  const data = useSelector(loader, selectAccountInfo);
  const error = useSelector(loader, selectLoadError);
  const source: InfoSource = {
    info: data?.info ?? null,
    loading,
    error,
    retry: () => loader.send({ type: 'retry.pressed' }),
    reload: () => loader.send({ type: 'reload.requested' }),
  };
  return (
    <Cards sections={sections} source={source} billing={data?.billing ?? null}>
      {children}
    </Cards>
  );
}

function Cards({
  sections,
  source,
  billing,
  children,
}: {
  sections: AccountSections;
  source: InfoSource;
  billing: Billing | null;
  children: ReactNode;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ContactInfoSection source={source} canEdit={sections.editInfo} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>{children}</Grid.Col>
      {sections.billing && (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BillingSummaryCard billing={sections.billing === 'amounts' ? billing : null} />
        </Grid.Col>
      )}
      {sections.services && (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ServicesSummaryCard />
        </Grid.Col>
      )}
    </Grid>
  );
}

/**
 * Account Home, the customer's overview: contact information (with edit for account managers),
 * the service address, the billing and services summaries for those who may see them, the
 * authorized contacts and users for those with contacts view, email preferences and the change of
 * password.
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
      <Overview sections={sections}>
        <Paper withBorder p="md" radius="md" aria-labelledby="who-heading" component="section">
          <Title order={2} size="h4" id="who-heading" mb="xs">
            {PEOPLE_TEXT.serviceAddressTitle}
          </Title>
          <Text size="sm" mb="xs">
            Username: {user.username}
          </Text>
          <Address address={user.service_address} />
          {sections.readInfo && (
            <Text size="sm" mt="xs">
              <Anchor component={Link} to="/account/activity/">
                {ACTIVITY_PAGE_MESSAGES.accountLink}
              </Anchor>
              : {ACTIVITY_PAGE_MESSAGES.accountLinkHint}
            </Text>
          )}
        </Paper>
      </Overview>
      {sections.contacts && (
        <PeopleSection
          granter={sections.granter}
          editor={sections.editor}
          acting={sections.actingAdmin}
        />
      )}
      <EmailPreferences />
      <ChangePassword
        userInputs={[user.username, user.info.name, user.info.email].filter(Boolean)}
      />
      <SecondFactorSection username={user.username} acting={sections.actingAdmin} />
    </Stack>
  );
}

function sameSections(a: AccountSections | null, b: AccountSections | null) {
  return JSON.stringify(a) === JSON.stringify(b);
}
