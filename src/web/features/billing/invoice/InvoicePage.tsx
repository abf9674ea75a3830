/**
 * An invoice or a receipt (portal.md §2 route `invoice`, /invoice/{endpoint}/{id}; docs/billing.md
 * "Pages"): `bills` shows a bill's invoice, `payments` a payment's receipt, anything else the
 * product's not-found page. The record comes from the API (which lets a user with invoices view
 * or payments view read it, and answers another customer's id like a missing one) with who it is
 * addressed to: a bill as it was issued (never the user reading it), a receipt as the customer is.
 * "Print" prints the invoice alone (InvoicePage.module.css), "Download PDF" downloads the API's.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import {
  addressLines,
  billToLines,
  parseRecordId,
  type BillDetail,
  type BillTo,
  type PaymentDetail,
  type PaymentRecord,
  type StreetAddress,
} from '#shared/billing/schemas';
import { formatDollars } from '#shared/cart/money';
import { BILLING_STATUS_LABELS, INVOICE_TEXT } from '#shared/billing/messages';
import { ERROR_MESSAGES } from '#shared/messages';
import { invoiceLoader, selectInvoice } from '#machines/billing/invoice.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { DownloadLink } from '../../../components/DownloadLink.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { NotFoundPage } from '../../../pages/NotFoundPage.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { invoiceApi, pdfHref, type InvoiceEndpoint } from './api.ts';
import classes from './InvoicePage.module.css';
import { loadInvoice, type InvoiceView } from './load.ts';
import { ItemsTable } from '../../../components/ItemsTable.tsx';

const BILL_KIND_LABELS: Record<BillDetail['kind'], string> = {
  activation: 'Activation bill',
  cycle: 'Monthly bill',
  fee: 'Fee',
};

/** What the receipt calls the date a payment settled, failed or came back. */
const CLOSED_LABELS: Record<PaymentRecord['status'], string> = {
  pending: 'Settled',
  succeeded: 'Settled',
  failed: 'Failed on',
  returned: 'Returned on',
};

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A YYYY-MM-DD business date as people read it: "March 5, 2031". */
function longDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

function isEndpoint(value: string | undefined): value is InvoiceEndpoint {
  return value === 'bills' || value === 'payments';
}

/**
 * Who is billed, where to, and where the service is: as the record says (a bill as it was issued),
 * line by line as its PDF prints them.
 */
function Parties({
  billTo,
  serviceAddress,
}: {
  billTo: BillTo;
  serviceAddress: StreetAddress | null;
}) {
  return (
    <div className={classes.parties}>
      <section aria-labelledby="bill-to-heading" data-testid="bill-to">
        <Title order={2} size="h6" id="bill-to-heading">
          {INVOICE_TEXT.billTo}
        </Title>
        <Lines of={billToLines(billTo)} />
      </section>
      {serviceAddress && (
        <section aria-labelledby="service-address-heading" data-testid="invoice-service-address">
          <Title order={2} size="h6" id="service-address-heading">
            {INVOICE_TEXT.serviceAddress}
          </Title>
          <Lines of={addressLines(serviceAddress)} />
        </section>
      )}
    </div>
  );
}

/** Lines of an address block, one per line. */
function Lines({ of }: { of: string[] }) {
  return (
    <Text component="address" style={{ fontStyle: 'normal' }}>
      {of.map((line, index) => (
        <span key={index} data-testid="address-line" style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </Text>
  );
}

/** Label and value pairs (dates, status, method) as a description list. */
function Facts({ facts, testId }: { facts: [string, ReactNode][]; testId: string }) {
  return (
    <dl className={classes.facts} data-testid={testId}>
      {facts.map(([term, value]) => (
        <div key={term} className={classes.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Charges({ bill }: { bill: BillDetail }) {
  return (
    <ItemsTable caption="Charges" testId="invoice-lines">
      {bill.lines.map((line, index) => (
        <Table.Tr key={index} data-testid="invoice-line">
          <Table.Td>{line.description}</Table.Td>
          <Table.Td ta="right">{line.quantity}</Table.Td>
          <Table.Td ta="right">{line.note ?? formatDollars(line.amount)}</Table.Td>
        </Table.Tr>
      ))}
    </ItemsTable>
  );
}

function Totals({ bill }: { bill: BillDetail }) {
  const rows: { label: string; amount: number; strong?: boolean }[] = [
    { label: INVOICE_TEXT.subtotal, amount: bill.subtotal },
    { label: INVOICE_TEXT.tax(bill.tax_rate), amount: bill.tax },
    { label: INVOICE_TEXT.total, amount: bill.total, strong: true },
    { label: INVOICE_TEXT.paymentsApplied, amount: -bill.paid },
    { label: INVOICE_TEXT.amountDue, amount: bill.amount_due, strong: true },
  ];
  return (
    <Table data-testid="invoice-totals" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={row.strong ? 700 : 500} ta="right">
              {row.label}
            </Table.Th>
            <Table.Td ta="right" fw={row.strong ? 700 : undefined} className={classes.amount}>
              {formatDollars(row.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Invoice({ bill }: { bill: BillDetail }) {
  const facts: [string, ReactNode][] = [
    ['Issue date', longDate(bill.issue_date)],
    ['Due date', longDate(bill.due_date)],
  ];
  if (bill.period_start && bill.period_end)
    facts.push([
      'Service period',
      `${longDate(bill.period_start)} to ${longDate(bill.period_end)}`,
    ]);
  facts.push(['Status', BILLING_STATUS_LABELS[bill.status]]);
  return (
    <>
      <Parties billTo={bill.bill_to} serviceAddress={bill.service_address} />
      <Facts facts={facts} testId="invoice-facts" />
      <Charges bill={bill} />
      <Totals bill={bill} />
    </>
  );
}

function Receipt({ payment }: { payment: PaymentDetail }) {
  const facts: [string, ReactNode][] = [
    ['Payment date', longDate(payment.payment_date)],
    ['Amount', formatDollars(payment.amount)],
    ['Paid with', payment.account_label],
    ['Kind', payment.source === 'autopay' ? 'Automatic payment' : 'One-time payment'],
    ['Status', BILLING_STATUS_LABELS[payment.status]],
    [
      CLOSED_LABELS[payment.status],
      payment.settled_date ? longDate(payment.settled_date) : 'Not settled yet',
    ],
  ];
  if (payment.bill_id !== null)
    facts.push([
      'For',
      <Anchor key="bill" component={Link} to={`/invoice/bills/${payment.bill_id}/`}>
        {INVOICE_TEXT.invoiceTitle(payment.bill_id)}
      </Anchor>,
    ]);
  return (
    <>
      <Parties billTo={payment.bill_to} serviceAddress={payment.service_address} />
      <Facts facts={facts} testId="receipt-facts" />
      {payment.failure_message &&
        (payment.status === 'failed' || payment.status === 'returned') && (
          <Alert
            color="red"
            title="Why the payment did not go through"
            data-testid="receipt-failure"
          >
            {payment.failure_message}
          </Alert>
        )}
    </>
  );
}

function PdfLink({ endpoint, id }: { endpoint: InvoiceEndpoint; id: number }) {
  const { api } = useAppServices();
  return (
    <DownloadLink
      href={pdfHref(endpoint, id)}
      fileName={`${endpoint === 'bills' ? 'invoice' : 'receipt'}-${id}.pdf`}
      fetchFile={() => invoiceApi(api).pdf(endpoint, id)}
    >
      Download PDF
    </DownloadLink>
  );
}

/**
 * The heading of a refusal: a denial says the user lacks the right (portal.md §8 "Access denied");
 * a record that is not there (or another customer's) says there is no such record.
 */
function refusalTitle(view: { status: number }, endpoint: InvoiceEndpoint): string {
  if (view.status === 403) return ERROR_MESSAGES.accessDenied;
  return endpoint === 'bills' ? 'No such invoice' : 'No such receipt';
}

function Document({
  view,
  endpoint,
  id,
}: {
  view: InvoiceView;
  endpoint: InvoiceEndpoint;
  id: number;
}) {
  if (view.kind === 'refused')
    return (
      <Alert
        color="red"
        role="alert"
        title={refusalTitle(view, endpoint)}
        data-testid="invoice-refused"
      >
        <Stack gap="xs" align="flex-start">
          {view.message !== refusalTitle(view, endpoint) && <span>{view.message}</span>}
          <Anchor component={Link} to="/account/">
            Go to your account
          </Anchor>
        </Stack>
      </Alert>
    );
  const title =
    view.kind === 'bill'
      ? INVOICE_TEXT.invoiceTitle(view.bill.bill_id)
      : INVOICE_TEXT.receiptTitle(view.payment.payment_id);
  return (
    <Stack gap="md">
      <Group className={classes.actions} gap="sm" data-testid="invoice-actions">
        <Button onClick={() => window.print()}>Print</Button>
        <PdfLink endpoint={endpoint} id={id} />
      </Group>
      <article className={classes.sheet} aria-labelledby="invoice-title" data-testid="invoice">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={1} id="invoice-title">
              {title}
            </Title>
            <Text c="dimmed" className={classes.subtitle}>
              {view.kind === 'bill' ? BILL_KIND_LABELS[view.bill.kind] : 'Payment receipt'}
            </Text>
          </div>
          <Brand />
        </Group>
        {view.kind === 'bill' ? <Invoice bill={view.bill} /> : <Receipt payment={view.payment} />}
      </article>
    </Stack>
  );
}

function Brand() {
  const { config } = useAppServices();
  return (
    <Text fw={700} size="lg">
      {config.productName}
    </Text>
  );
}

function InvoiceLoader({ endpoint, id }: { endpoint: InvoiceEndpoint; id: number }) {
  const { api } = useAppServices();
  const loader = useActorRef(
    invoiceLoader.provide({
      actors: { load: fromPromise(() => loadInvoice(api, endpoint, id)) },
    }),
  );
  const loading = useSelector(loader, selectLoading);
  const view = useSelector(loader, selectInvoice);
  const error = useSelector(loader, selectLoadError);
  const what = endpoint === 'bills' ? 'invoice' : 'receipt';
  return (
    <>
      {loading && (
        <Center py="xl" role="status" aria-label={`Loading the ${what}`}>
          <Loader aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure
          title={`Could not load the ${what}`}
          message={error}
          onRetry={() => loader.send({ type: 'retry.pressed' })}
        />
      )}
      {view && <Document view={view} endpoint={endpoint} id={id} />}
    </>
  );
}

export default function InvoicePage() {
  const params = useParams({ strict: false }) as { endpoint?: string; id?: string };
  const id = params.id === undefined ? null : parseRecordId(params.id);
  const known = isEndpoint(params.endpoint) && id !== null;
  usePageTitle(
    !known
      ? 'Page not found'
      : params.endpoint === 'bills'
        ? INVOICE_TEXT.invoiceTitle(id)
        : INVOICE_TEXT.receiptTitle(id),
  );
  if (!isEndpoint(params.endpoint) || id === null) return <NotFoundPage />;
  // A new record starts a new load (the key gives each its own loader).
  return <InvoiceLoader key={`${params.endpoint}/${id}`} endpoint={params.endpoint} id={id} />;
}
