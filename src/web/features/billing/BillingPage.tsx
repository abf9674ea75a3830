/**
 * The billing page (/billing/, payments view): the amount due, its due date and an Overdue badge,
 * automatic payment with its switch, Make a payment, the bills and payments tables and the
 * billing address, and a link to payment methods. A user without payments manage sees everything
 * read-only: no payment form, no switch, no address edit, no link to payment methods (a page
 * they may not open). Design: docs/billing.md "Pages". The view creates the one page actor
 * (machines/billing/billing-page.machine.ts), reads its selectors (and its children's, for the form,
 * the switch and the tables) and sends it what the person does.
 */
import {
  Alert,
  Anchor,
  Badge,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type {
  BillingAddressUpdate,
  BillRecord,
  BillsPage,
  PaymentRecord,
  PaymentsPage,
} from '#shared/billing/schemas';
import { formatDollars } from '#shared/cart/money';
import { BILLING_MESSAGES } from '#shared/billing/messages';
import { BILLING_PAGE_TEXT } from '#shared/billing/messages';
import {
  billingPageWithCalls,
  type BillingPageActor,
} from '#machines/billing/billing-page.machine';
import {
  selectAccountsError,
  selectAddressForm,
  selectBillingAddress,
  selectAutopaySwitch,
  selectBillsTable,
  selectCanManage,
  selectDefaultLabel,
  selectPaymentAccounts,
  selectPaymentForm,
  selectPaymentFormLoading,
  selectPaymentsTable,
  selectSummary,
  selectSummaryError,
  selectSummaryLoading,
} from '#machines/billing/billing-page.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { autopayApi } from './autopay/api.ts';
import { useAppServices } from '../../app/context.tsx';
import { AutopaySwitch } from './autopay/AutopaySwitch.tsx';
import { formFailure } from '../../components/form-actors.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { billingApi } from './api.ts';
import { BillingAddressSection } from './BillingAddressSection.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import { RecordLink, RecordsTable, statusText, type Column } from './RecordsTable.tsx';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "2031-05-21" → "May 21, 2031". */
function showDate(date: string): string {
  return DATE.format(new Date(`${date}T00:00:00Z`));
}

const BILL_COLUMNS: readonly Column<BillRecord>[] = [
  {
    label: 'Bill',
    cell: (bill) => (
      <RecordLink endpoint="bills" id={bill.bill_id}>
        Bill {bill.bill_id}
      </RecordLink>
    ),
  },
  { label: 'Issued', sort: 'date', cell: (bill) => showDate(bill.issue_date) },
  { label: 'Due', cell: (bill) => showDate(bill.due_date) },
  { label: 'Total', sort: 'amount', numeric: true, cell: (bill) => formatDollars(bill.total) },
  { label: 'Amount due', numeric: true, cell: (bill) => formatDollars(bill.amount_due) },
  { label: 'Status', cell: (bill) => statusText(bill.status) },
];

const PAYMENT_COLUMNS: readonly Column<PaymentRecord>[] = [
  {
    label: 'Payment',
    cell: (payment) => (
      <RecordLink endpoint="payments" id={payment.payment_id}>
        Payment {payment.payment_id}
      </RecordLink>
    ),
  },
  { label: 'Date', sort: 'date', cell: (payment) => showDate(payment.payment_date) },
  { label: 'Paid with', cell: (payment) => payment.account_label },
  {
    label: 'Amount',
    sort: 'amount',
    numeric: true,
    cell: (payment) => formatDollars(payment.amount),
  },
  {
    label: 'Status',
    cell: (payment) =>
      payment.failure_message
        ? `${statusText(payment.status)}: ${payment.failure_message}`
        : statusText(payment.status),
  },
  {
    label: 'Source',
    cell: (payment) => (payment.source === 'autopay' ? 'Automatic' : 'Manual'),
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby={id} component="section">
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="sm" role="status" aria-label={label}>
      <Loader size="sm" aria-hidden />
    </Center>
  );
}

/** The automatic payment switch, while the page machine shows it. */
function Autopay({ page }: { page: BillingPageActor }) {
  const actor = useSelector(page, selectAutopaySwitch);
  const defaultLabel = useSelector(page, selectDefaultLabel);
  if (!actor) return null;
  return (
    <Stack mt="md">
      <AutopaySwitch actor={actor} defaultLabel={defaultLabel} send={page.send} />
    </Stack>
  );
}

/** The page machine with the app's calls, created once for the page. */
function useBillingPage(): BillingPageActor {
  const { api, actors } = useAppServices();
  const perms = useSelector(actors.session, (snapshot) => selectUser(snapshot)?.perms);
  const machine = useMemo(() => {
    const billing = billingApi(api);
    return billingPageWithCalls({
      ...billing,
      setAutomatic: autopayApi(api).setAutomatic,
      saveAddress: async (values) => {
        try {
          return await billing.saveAddress(values as unknown as BillingAddressUpdate);
        } catch (error) {
          throw formFailure(error);
        }
      },
    }).provide({
      actions: {
        'say the address was saved': () =>
          actors.notifications.send({
            type: 'notification.raised',
            message: BILLING_MESSAGES.addressSaved,
            notificationType: 'success',
          }),
      },
    });
  }, [api, actors.notifications]);
  return useActorRef(machine, { input: { perms } });
}

export default function BillingPage() {
  usePageTitle('Billing');
  const page = useBillingPage();
  const canManage = useSelector(page, selectCanManage);
  const info = useSelector(page, selectSummary);
  const summaryLoading = useSelector(page, selectSummaryLoading);
  const summaryError = useSelector(page, selectSummaryError);
  const accountsData = useSelector(page, selectPaymentAccounts);
  const accountsError = useSelector(page, selectAccountsError);
  const paymentForm = useSelector(page, selectPaymentForm);
  const paymentFormLoading = useSelector(page, selectPaymentFormLoading);
  const bills = useSelector(page, selectBillsTable);
  const payments = useSelector(page, selectPaymentsTable);
  const address = useSelector(page, selectBillingAddress);
  const addressForm = useSelector(page, selectAddressForm);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Billing</Title>
        {canManage && (
          <Anchor component={Link} to="/payment-methods/">
            Payment methods
          </Anchor>
        )}
      </Group>
      {!canManage && (
        <Alert color="gray" title="Read-only" data-testid="billing-read-only">
          {BILLING_PAGE_TEXT.readOnly}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section id="due-heading" title="Amount due">
            {summaryLoading && <Loading label="Loading the amount due" />}
            {summaryError !== null && (
              <LoadFailure
                title="The amount due could not be loaded"
                message={summaryError}
                onRetry={() => page.send({ type: 'summary.retry.pressed' })}
              />
            )}
            {info && (
              <Stack gap="xs" data-testid="billing-summary">
                <Group gap="sm">
                  <Text fz={28} fw={700} data-testid="amount-due">
                    {formatDollars(info.billing.amount_due)}
                  </Text>
                  {info.billing.overdue && (
                    <Badge color="red" variant="filled" data-testid="overdue-badge">
                      {BILLING_PAGE_TEXT.overdue}
                    </Badge>
                  )}
                </Group>
                <Text data-testid="due-date">
                  {info.billing.due_date
                    ? `Due ${showDate(info.billing.due_date)}`
                    : BILLING_PAGE_TEXT.nothingDue}
                </Text>
                {!canManage && (
                  <Text data-testid="autopay-state">
                    {info.billing.automatic
                      ? BILLING_PAGE_TEXT.autopayOn
                      : BILLING_PAGE_TEXT.autopayOff}
                  </Text>
                )}
              </Stack>
            )}
            {accountsError !== null && (
              <LoadFailure
                title="The payment methods could not be loaded"
                message={accountsError}
                onRetry={() => page.send({ type: 'accounts.retry.pressed' })}
              />
            )}
            {accountsData && <Autopay page={page} />}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {canManage && (
            <Section id="pay-heading" title="Make a payment">
              {paymentForm && <PaymentForm form={paymentForm} page={page} />}
              {paymentFormLoading && <Loading label="Loading the payment form" />}
            </Section>
          )}
          <Stack mt={canManage ? 'md' : 0}>
            <Section id="address-heading" title="Billing address">
              {info ? (
                <BillingAddressSection
                  address={address}
                  canManage={canManage}
                  form={addressForm}
                  page={page}
                />
              ) : (
                summaryError === null && <Loading label="Loading the billing address" />
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Section id="bills-heading" title="Bills">
        <RecordsTable<BillRecord, BillsPage>
          title="Bills"
          rows={(page) => page.bills}
          rowKey={(bill) => bill.bill_id}
          date={(bill) => bill.issue_date}
          amount={(bill) => bill.total}
          columns={BILL_COLUMNS}
          empty={BILLING_PAGE_TEXT.noBills}
          records={bills}
          onPage={(offset) => page.send({ type: 'bills.page.requested', offset })}
          onRetry={() => page.send({ type: 'bills.retry.pressed' })}
          testId="bills-table"
        />
      </Section>
      <Section id="payments-heading" title="Payments">
        <RecordsTable<PaymentRecord, PaymentsPage>
          title="Payments"
          rows={(page) => page.payments}
          rowKey={(payment) => payment.payment_id}
          date={(payment) => payment.payment_date}
          amount={(payment) => payment.amount}
          columns={PAYMENT_COLUMNS}
          empty={BILLING_PAGE_TEXT.noPayments}
          records={payments}
          onPage={(offset) => page.send({ type: 'payments.page.requested', offset })}
          onRetry={() => page.send({ type: 'payments.retry.pressed' })}
          testId="payments-table"
        />
      </Section>
    </Stack>
  );
}
