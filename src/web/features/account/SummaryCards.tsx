/** Account Home's billing and services summaries, each linking to its page. */
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PEOPLE_TEXT } from '#shared/messages/people';
import type { UserInfoResponse } from '#shared/session';
import { loaderMachine } from '#machines/session/loader.machine';
import { selectData, selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { accountApi } from './api.ts';

const money = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

function BillingAmounts() {
  const { api } = useAppServices();
  const info = useActorRef(
    loaderMachine.provide({
      actors: { load: fromPromise<unknown>(() => accountApi(api).userInfo()) },
    }),
  );
  const loading = useSelector(info, selectLoading);
  const data = useSelector(info, (s) => selectData<UserInfoResponse>(s));
  const error = useSelector(info, selectLoadError);
  if (loading)
    return (
      <Center py="sm" role="status" aria-label="Loading the billing summary">
        <Loader size="sm" aria-hidden />
      </Center>
    );
  if (error !== null)
    return (
      <LoadFailure
        title="Could not load the billing summary"
        message={error}
        onRetry={() => info.send({ type: 'retry.pressed' })}
      />
    );
  if (!data) return null;
  const { billing } = data;
  return (
    <Stack gap={2} data-testid="billing-summary">
      <Text>
        {PEOPLE_TEXT.amountDue}: <strong>{money(billing.amount_due)}</strong>
      </Text>
      <Text>
        {PEOPLE_TEXT.dueDate}: {billing.due_date ?? '—'}
      </Text>
      <Text>
        {PEOPLE_TEXT.autopay}: {billing.automatic ? PEOPLE_TEXT.autopayOn : PEOPLE_TEXT.autopayOff}
      </Text>
    </Stack>
  );
}

export function BillingSummaryCard({ amounts }: { amounts: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="billing-heading" component="section">
      <Title order={2} size="h4" id="billing-heading" mb="xs">
        {PEOPLE_TEXT.billingTitle}
      </Title>
      {amounts && <BillingAmounts />}
      <Button component={Link} to="/billing/" variant="light" size="xs" mt="sm">
        {PEOPLE_TEXT.goToBilling}
      </Button>
    </Paper>
  );
}

export function ServicesSummaryCard() {
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="services-heading" component="section">
      <Title order={2} size="h4" id="services-heading" mb="xs">
        {PEOPLE_TEXT.servicesTitle}
      </Title>
      <Text size="sm">Your connectivity, email, hosting, domains, DNS and servers.</Text>
      <Button component={Link} to="/services/" variant="light" size="xs" mt="sm">
        {PEOPLE_TEXT.goToServices}
      </Button>
    </Paper>
  );
}
