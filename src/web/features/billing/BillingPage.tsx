/**
 * The billing page (/billing/, payments view): the amount due, its due date and an Overdue badge,
 * automatic payment with its switch, Make a payment, the bills and payments tables and the
 * billing address, and a link to payment methods. A user without payments manage sees everything
 * read-only: no payment form, no switch, no address edit, no link to payment methods (a page
 * they may not open). Design: docs/billing.md "Pages".
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
import { useCallback, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type {
  BillRecord,
  BillsPage,
  PaymentAccountsResponse,
  PaymentRecord,
  PaymentsPage,
} from '#shared/billing';
import { formatDollars } from '#shared/cart/money';
import { BILLING_PAGE_TEXT } from '#shared/messages/billing-page';
import type { BillingData } from '#machines/billing/payment.machine';
import { following } from '#machines/follow';
import { selectCanManagePayments } from '#machines/billing/access.selectors';
import {
  billingDataOf,
  billingSummaryLoader,
  followBillingData,
  paymentAccountsLoader,
  selectBillingSummary,
  selectPaymentAccounts,
} from '#machines/billing/billing-summary.loader';
import { billsLoader, paymentsLoader } from '#machines/billing/records.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { AutopaySwitch, useAutopayActor } from '../../components/AutopaySwitch.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { billingApi } from './api.ts';
import { BillingAddressSection } from './BillingAddressSection.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import {
  RecordLink,
  RecordsTable,
  statusText,
  useRecordsPage,
  type Column,
} from './RecordsTable.tsx';

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

/** What the autopay machine learns from the payment accounts loaded again. */
const autopayLoaded = (accounts: PaymentAccountsResponse) => ({
  type: 'accounts.loaded',
  automatic: accounts.automatic,
  defaultAccountId: accounts.default_payment_account_id,
});

/** The switch, once the payment accounts are loaded. */
function Autopay({
  accounts,
  loader,
  onAnswered,
}: {
  accounts: PaymentAccountsResponse;
  loader: ActorRefFrom<typeof paymentAccountsLoader>;
  onAnswered: () => void;
}) {
  const input = useMemo(
    () => ({
      automatic: accounts.automatic,
      defaultAccountId: accounts.default_payment_account_id,
    }),
    [accounts],
  );
  // The accounts loaded again (after a payment, an autopay change or a retry): the switch shows them.
  const follow = following(
    [loader],
    ([snapshot]) => selectPaymentAccounts(snapshot),
    autopayLoaded,
  );
  const actor = useAutopayActor(input, follow, onAnswered);
  const defaultLabel =
    accounts.payment_accounts.find(
      (account) => account.payment_account_id === accounts.default_payment_account_id,
    )?.label ?? null;
  return <AutopaySwitch actor={actor} defaultLabel={defaultLabel} />;
}

export default function BillingPage() {
  usePageTitle('Billing');
  const { api, actors } = useAppServices();
  const canManage = useSelector(actors.session, selectCanManagePayments);
  const billing = useMemo(() => billingApi(api), [api]);

  const summary = useActorRef(
    billingSummaryLoader.provide({ actors: { load: fromPromise(() => billing.userInfo()) } }),
  );
  const accounts = useActorRef(
    paymentAccountsLoader.provide({
      actors: { load: fromPromise(() => billing.paymentAccounts()) },
    }),
  );
  const bills = useRecordsPage(billsLoader, billing.bills);
  const payments = useRecordsPage(paymentsLoader, billing.payments);

  const info = useSelector(summary, selectBillingSummary);
  const summaryLoading = useSelector(summary, selectLoading);
  const summaryError = useSelector(summary, selectLoadError);
  const accountsData = useSelector(accounts, selectPaymentAccounts);
  const accountsError = useSelector(accounts, selectLoadError);

  const { goTo: reloadBills } = bills;
  const { goTo: reloadPayments } = payments;
  /** After a payment, an autopay change or an address change: everything shown is loaded again. */
  const reloadAll = useCallback(() => {
    for (const loader of [summary, accounts]) {
      loader.send({ type: 'reload.requested' });
      loader.send({ type: 'retry.pressed' });
    }
    reloadBills();
    reloadPayments();
  }, [summary, accounts, reloadBills, reloadPayments]);

  const paymentData = useMemo<BillingData | null>(
    () => (info && accountsData ? billingDataOf(info, accountsData) : null),
    [info, accountsData],
  );

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
                onRetry={() => summary.send({ type: 'retry.pressed' })}
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
            {canManage && accountsError !== null && (
              <LoadFailure
                title="The payment methods could not be loaded"
                message={accountsError}
                onRetry={() => accounts.send({ type: 'retry.pressed' })}
              />
            )}
            {canManage && accountsData && (
              <Stack mt="md">
                <Autopay accounts={accountsData} loader={accounts} onAnswered={reloadAll} />
              </Stack>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {canManage && (
            <Section id="pay-heading" title="Make a payment">
              {paymentData ? (
                <PaymentForm
                  data={paymentData}
                  follow={followBillingData(summary, accounts)}
                  pay={billing.pay}
                  onAnswered={reloadAll}
                />
              ) : (
                accountsError === null &&
                summaryError === null && <Loading label="Loading the payment form" />
              )}
            </Section>
          )}
          <Stack mt={canManage ? 'md' : 0}>
            <Section id="address-heading" title="Billing address">
              {info ? (
                <BillingAddressSection
                  address={info.billing.billing_address}
                  canManage={canManage}
                  save={billing.saveAddress}
                  onSaved={reloadAll}
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
          testId="payments-table"
        />
      </Section>
    </Stack>
  );
}
