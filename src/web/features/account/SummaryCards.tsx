/** Account Home's billing and services summaries, each linking to its page. */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PEOPLE_TEXT } from '#shared/people/messages';
import type { Billing } from '#shared/session/types';

const money = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

function BillingAmounts({ billing }: { billing: Billing }) {
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

/** The billing summary: the amounts when the account's information was read, then the link. */
export function BillingSummaryCard({ billing }: { billing: Billing | null }) {
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="billing-heading" component="section">
      <Title order={2} size="h4" id="billing-heading" mb="xs">
        {PEOPLE_TEXT.billingTitle}
      </Title>
      {billing && <BillingAmounts billing={billing} />}
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
