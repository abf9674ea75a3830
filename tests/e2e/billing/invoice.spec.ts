/**
 * The invoice page, /invoice/{endpoint}/{id} (issue 12; docs/billing.md "Pages"): an invoice and a
 * receipt read against the API's records, the print view, the PDF downloaded through the page's
 * link and read back, another customer's bill, and who may read one (the API's rule: invoices view
 * or payments view). The demo logins are only read, never changed.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addressLines,
  billToLines,
  type BillDetail,
  type BillRecord,
  type PaymentRecord,
} from '../../../src/shared/billing/schemas.ts';
import { formatDollars } from '../../../src/shared/cart/money.ts';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../../src/shared/session/messages.ts';
import { BILLING_MESSAGES, BILLING_STATUS_LABELS } from '../../../src/shared/billing/messages.ts';
import { loggedInLabel } from '../../../src/shared/messages/portal.ts';
import { pdfBillTo, pdfText } from '../../support/billing.ts';
import { DEMO_PASSWORD, fillLogin, logInThroughApi } from '../paths/mappings/portal.ts';
import { freshApi } from '../support/fresh-api.ts';
import { claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, test } from '../support/fixtures.ts';

/** The password of the second user a test adds (strong enough for the password rules). */
const SECOND_USER_PASSWORD = 'Quartz-Meadow-Falcon-Ribbon-73!';

/** What a demo login has on record, read from the API before the tests. */
interface Records {
  bills: BillRecord[];
  payments: PaymentRecord[];
}

/** Logs in through the API (no page) and reads the login's bills and payments. */
async function recordsOf(baseURL: string, username: string): Promise<Records> {
  const { api } = await logInThroughApi(baseURL, username);
  try {
    const bills = (await getJson<{ bills: BillRecord[] }>(api, '/billing/bills?limit=100')).bills;
    const payments = (
      await getJson<{ payments: PaymentRecord[] }>(api, '/billing/payments?limit=100')
    ).payments;
    return { bills, payments };
  } finally {
    await api.dispose();
  }
}

async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(`${API_BASE_PATH}${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Logs in on the login page (checked with axe by the session's tests, not again here). */
async function logIn(page: Page, username: string) {
  await page.goto('/control/login/');
  await fillLogin(page, username, DEMO_PASSWORD);
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(username) })
    .waitFor();
}

/** "March 5, 2031": how a person reads a YYYY-MM-DD date. */
function readable(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Opens a record's page and answers the record the page itself received. */
async function openRecord<T>(
  page: Page,
  visit: (path: string) => Promise<void>,
  endpoint: 'bills' | 'payments',
  id: number,
): Promise<T> {
  // The page's own answer (a 401 for a token run out is renewed and the record asked again).
  const answer = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === `${API_BASE_PATH}/billing/${endpoint}/${id}` &&
      r.status() !== 401,
  );
  await visit(`/control/invoice/${endpoint}/${id}/`);
  const response = await answer;
  return (await response.json()) as T;
}

/** Downloads the PDF through the page's link and answers its text. */
async function downloadPdf(page: Page, fileName: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  const path = await file.path();
  return pdfText(await readFile(path));
}

function fact(page: Page, term: string) {
  return page
    .locator('dl div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}

let demo: Records;
let viewer: Records;

test.beforeAll(async ({ baseURL }) => {
  [demo, viewer] = await Promise.all([
    recordsOf(baseURL ?? '', 'demo'),
    recordsOf(baseURL ?? '', 'viewer'),
  ]);
});

test.describe('invoice page', () => {
  // axe runs in two schemes on each page, on a machine other test runs share.
  test.describe.configure({ timeout: 60_000 });

  test('an invoice shows the bill as the API has it, prints alone and downloads its PDF', async ({
    page,
    visit,
  }) => {
    const activation = demo.bills.find((b) => b.kind === 'activation');
    expect(activation, 'demo has an activation bill').toBeDefined();
    await logIn(page, 'demo');
    const bill = await openRecord<BillDetail>(page, visit, 'bills', activation!.bill_id);

    const sheet = page.getByTestId('invoice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice #${bill.bill_id}`);
    await expect(page.getByTestId('bill-to')).toContainText('Dana');
    await expect(page.getByTestId('invoice-service-address')).toContainText('1200 Fiber Way');
    await expect(fact(page, 'Issue date')).toHaveText(readable(bill.issue_date));
    await expect(fact(page, 'Due date')).toHaveText(readable(bill.due_date));
    await expect(fact(page, 'Status')).toHaveText('Paid');

    // The lines as the API lists them: promos negative, other providers' lines by their note.
    expect(bill.lines.some((l) => l.kind === 'promo')).toBe(true);
    expect(bill.lines.some((l) => l.kind === 'separately_billed')).toBe(true);
    const rows = page.getByTestId('invoice-line');
    await expect(rows).toHaveCount(bill.lines.length);
    for (const [index, line] of bill.lines.entries()) {
      const cells = rows.nth(index).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(line.description);
      await expect(cells.nth(1)).toHaveText(String(line.quantity));
      await expect(cells.nth(2)).toHaveText(line.note ?? formatDollars(line.amount));
      if (line.kind === 'promo') await expect(cells.nth(2)).toHaveText(/^-\$/);
    }
    const totals = page.getByTestId('invoice-totals');
    const total = (label: string) =>
      totals
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await expect(total('Subtotal')).toContainText(formatDollars(bill.subtotal));
    await expect(total(`Tax (${bill.tax_rate}% of taxable lines)`)).toContainText(
      formatDollars(bill.tax),
    );
    await expect(total('Total')).toContainText(formatDollars(bill.total));
    await expect(total('Payments applied')).toContainText(`-${formatDollars(bill.paid)}`);
    await expect(total('Amount due')).toContainText(formatDollars(bill.amount_due));

    // Print: the button prints; the print view shows the invoice alone, black on white.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await expect(sheet).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Portal' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden();
    const colors = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(document.querySelector('h1')!).color,
    }));
    expect(colors).toEqual({ body: 'rgb(255, 255, 255)', heading: 'rgb(0, 0, 0)' });
    const printed = (await page.pdf({ format: 'Letter' })).toString('latin1');
    expect(printed.match(/\/Type\s*\/Page(?!s)/g), 'the invoice prints on one page').toHaveLength(
      1,
    );
    await page.emulateMedia({ media: 'screen', colorScheme: null });
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    // The PDF: the same invoice number and totals.
    const text = await downloadPdf(page, `invoice-${bill.bill_id}.pdf`);
    expect(text).toContain(`Invoice #${bill.bill_id}`);
    expect(text).toContain(formatDollars(bill.subtotal));
    expect(text).toContain(formatDollars(bill.total));
    expect(text).toContain(formatDollars(bill.amount_due));
  });

  test('a receipt shows the payment, its failure and its PDF; another customer’s bill and a wrong address are not found', async ({
    page,
    visit,
  }) => {
    const returned = demo.payments.find((p) => p.status === 'returned');
    expect(returned, 'demo has a returned bank payment').toBeDefined();
    await logIn(page, 'demo');
    const payment = await openRecord<PaymentRecord>(page, visit, 'payments', returned!.payment_id);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Receipt for payment #${payment.payment_id}`,
    );
    await expect(fact(page, 'Payment date')).toHaveText(readable(payment.payment_date));
    await expect(fact(page, 'Amount')).toHaveText(formatDollars(payment.amount));
    await expect(fact(page, 'Paid with')).toHaveText(payment.account_label);
    await expect(fact(page, 'Status')).toHaveText('Returned');
    await expect(fact(page, 'Returned on')).toHaveText(readable(payment.settled_date!));
    await expect(page.getByTestId('receipt-failure')).toContainText(payment.failure_message!);

    // The access token runs out between the click and the server: the server answers the PDF's
    // first request as it does an expired token, the session is renewed and the file still comes.
    const pdfPath = `${API_BASE_PATH}/billing/payments/${payment.payment_id}/pdf`;
    const isPdf = (url: URL) => url.pathname === pdfPath;
    const pdfRequests: number[] = [];
    await page.route(isPdf, async (route) => {
      pdfRequests.push(pdfRequests.length + 1);
      if (pdfRequests.length > 1) return route.continue();
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 401,
          title: SESSION_MESSAGES.accessTokenExpiredTitle,
          msg: SESSION_MESSAGES.accessTokenExpired,
        }),
      });
    });
    const text = await downloadPdf(page, `receipt-${payment.payment_id}.pdf`);
    expect(pdfRequests).toEqual([1, 2]);
    await page.unroute(isPdf);
    expect(text).toContain(`Receipt for payment #${payment.payment_id}`);
    expect(text).toContain(formatDollars(payment.amount));

    // Another customer's bill reads like one that does not exist.
    // (The refused state is checked with axe in the nobilling test; the not-found page at the end.)
    await page.goto(`/control/invoice/bills/${viewer.bills[0].bill_id}/`);
    await expect(page.getByTestId('invoice-refused')).toContainText(BILLING_MESSAGES.billNotFound);
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);

    await page.goto(`/control/invoice/statements/${demo.bills[0].bill_id}/`);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a second user of the customer reads the bill-to the bill was issued with, on screen and in the PDF', async ({
    page,
    visit,
    baseURL,
  }) => {
    // The owner's bill was issued at the seed; then the billing address moves, and the owner adds
    // a user of their own, Jordan Lee, who may read invoices.
    const owner = claimBilledCustomer();
    const { api } = await logInThroughApi(baseURL ?? '', owner);
    const jordan = `jordan-${owner}`;
    let issued: BillDetail;
    try {
      const [bill] = (await getJson<{ bills: BillRecord[] }>(api, '/billing/bills')).bills;
      issued = await getJson<BillDetail>(api, `/billing/bills/${bill.bill_id}`);
      expect(issued.bill_to.name).not.toBe('');
      const call = await freshApi(api, owner);
      await call('post', '/billing/address', {
        fname: 'Morgan',
        lname: 'Mover',
        line1: '77 Elsewhere Lane',
        line2: '',
        city: 'Ogden',
        state: 'UT',
        zip_code: '84401',
      });
      await call('post', '/user/authorized_users', {
        name: 'Jordan Lee',
        email: 'jordan@example.com',
        phone: '(801) 555-0190',
        uid: jordan,
        password: SECOND_USER_PASSWORD,
        perms: { invoices: { has_view: true, has_manage: false } },
      });
    } finally {
      await api.dispose();
    }

    await page.goto('/control/login/');
    await fillLogin(page, jordan, SECOND_USER_PASSWORD);
    await page
      .getByTestId('logged-in-link')
      .filter({ hasText: loggedInLabel(jordan) })
      .waitFor();
    const bill = await openRecord<BillDetail>(page, visit, 'bills', issued.bill_id);
    expect(bill.bill_to).toEqual(issued.bill_to);
    const lines = billToLines(issued.bill_to);
    expect(lines[0]).not.toBe('Jordan Lee');
    const billTo = page.getByTestId('bill-to').getByTestId('address-line');
    await expect(billTo).toHaveText(lines);
    await expect(page.getByTestId('bill-to')).not.toContainText('Jordan');
    await expect(page.getByTestId('bill-to')).not.toContainText('77 Elsewhere Lane');
    if (issued.service_address)
      await expect(
        page.getByTestId('invoice-service-address').getByTestId('address-line'),
      ).toHaveText(addressLines(issued.service_address));

    // The PDF says the same, line by line.
    const text = await downloadPdf(page, `invoice-${issued.bill_id}.pdf`);
    expect(pdfBillTo(text)).toEqual(lines);
  });

  test('every bill of each demo customer reads on its page as GET /billing/bills lists it, and the newest in its PDF', async ({
    page,
    visit,
    baseURL,
  }) => {
    // The consistency guard of issue 30 on screen (the API's own: tests/api/billing-consistency):
    // customer, addresses, dates, status, lines and totals, field by field. nobilling has no bill.
    test.setTimeout(180_000);
    for (const username of ['demo', 'viewer', 'overdue', 'suspended']) {
      const { bills } = await recordsOf(baseURL ?? '', username);
      expect(bills.length, `${username} has bills`).toBeGreaterThan(0);
      await page.context().clearCookies();
      await logIn(page, username);
      for (const record of bills) {
        const what = `${username}: bill ${record.bill_id}`;
        // The page's own answer (a 401 of a token run out is asked again: the 200 is its).
        const answer = page.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === `${API_BASE_PATH}/billing/bills/${record.bill_id}` &&
            r.status() === 200,
        );
        await visit(`/control/invoice/bills/${record.bill_id}/`);
        const bill = (await (await answer).json()) as BillDetail;
        await expect(page.getByRole('heading', { level: 1 }), what).toHaveText(
          `Invoice #${record.bill_id}`,
        );
        await expect(page.getByTestId('bill-to').getByTestId('address-line'), what).toHaveText(
          billToLines(record.bill_to),
        );
        const service = page.getByTestId('invoice-service-address');
        if (record.service_address)
          await expect(service.getByTestId('address-line'), what).toHaveText(
            addressLines(record.service_address),
          );
        else await expect(service, what).toHaveCount(0);
        await expect(fact(page, 'Issue date'), what).toHaveText(readable(record.issue_date));
        await expect(fact(page, 'Due date'), what).toHaveText(readable(record.due_date));
        await expect(fact(page, 'Status'), what).toHaveText(BILLING_STATUS_LABELS[record.status]!);
        const rows = page.getByTestId('invoice-line');
        await expect(rows, what).toHaveCount(bill.lines.length);
        for (const [index, line] of bill.lines.entries())
          await expect(rows.nth(index).getByRole('cell'), what).toHaveText([
            line.description,
            String(line.quantity),
            line.note ?? formatDollars(line.amount),
          ]);
        const total = (label: string) =>
          page
            .getByTestId('invoice-totals')
            .getByRole('row')
            .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
        await expect(total('Subtotal'), what).toContainText(formatDollars(record.subtotal));
        await expect(total(`Tax (${record.tax_rate}% of taxable lines)`), what).toContainText(
          formatDollars(record.tax),
        );
        await expect(total('Total'), what).toContainText(formatDollars(record.total));
        await expect(total('Payments applied'), what).toContainText(
          record.paid === 0 ? formatDollars(0) : `-${formatDollars(record.paid)}`,
        );
        await expect(total('Amount due'), what).toContainText(formatDollars(record.amount_due));
      }
      // The newest bill's PDF, downloaded from its page, is addressed alike.
      const newest = bills[0];
      await visit(`/control/invoice/bills/${newest.bill_id}/`);
      const text = await downloadPdf(page, `invoice-${newest.bill_id}.pdf`);
      expect(pdfBillTo(text), `${username}: the PDF's bill-to`).toEqual(
        billToLines(newest.bill_to),
      );
      expect(text).toContain(formatDollars(newest.total));
    }
  });

  test('viewer (read-only) reads its open invoice', async ({ page, visit }) => {
    const open = viewer.bills.find((b) => b.status === 'open');
    expect(open, 'viewer has an open bill').toBeDefined();
    await logIn(page, 'viewer');
    const bill = await openRecord<BillDetail>(page, visit, 'bills', open!.bill_id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice #${bill.bill_id}`);
    await expect(fact(page, 'Status')).toHaveText('Open');
    await expect(
      page
        .getByTestId('invoice-totals')
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Amount due', exact: true }) }),
    ).toContainText(formatDollars(bill.amount_due));
  });

  test('nobilling (invoices view, no payments view) is let in and finds no bill of another customer', async ({
    page,
    visit,
  }) => {
    await logIn(page, 'nobilling');
    await visit(`/control/invoice/bills/${demo.bills[0].bill_id}/`);
    await expect(page.getByTestId('invoice-refused')).toContainText(BILLING_MESSAGES.billNotFound);
  });

  test('a login without invoices or payments view is turned away, told it lacks the right', async ({
    page,
    visit,
  }) => {
    await logIn(page, 'admin');
    await visit(`/control/invoice/bills/${demo.bills[0].bill_id}/`);
    const refused = page.getByTestId('invoice-refused');
    await expect(refused).toContainText(ERROR_MESSAGES.accessDenied);
    // A denial is not "No such invoice": its heading says the user lacks the right (portal.md §8).
    await expect(refused).not.toContainText('No such invoice');
    await expect(refused.locator('.mantine-Alert-title')).toHaveText(ERROR_MESSAGES.accessDenied);
  });
});
