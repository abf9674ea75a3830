/**
 * The billing page (/billing/): a payment from the bank account, automatic payment on and off, a
 * refused amount, and the view-only login. Each test that changes a customer claims one of its
 * own (support/billed-customers.ts: an open activation bill, a bank account as the default,
 * automatic payment off). Sensitive calls need a fresh token, and the e2e server's access token
 * lives 5 s: the password prompt may ask for the password first, and the request then goes on.
 */
import type { Page } from '@playwright/test';
import { BILLING_MESSAGES, BILLING_STATUS_LABELS } from '../../../src/shared/billing/messages.ts';
import { BILLING_PAGE_TEXT } from '../../../src/shared/billing/messages.ts';
import { claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { logInAs } from '../paths/mappings/portal.ts';
import { addCardAsAPerson, DECLINING } from './cards.ts';
import { answerPasswordPrompts } from './requests.ts';
import { BILLING_PATH as BILLING, throughPasswordPrompt } from './support.ts';
import { pressCovered } from '../support/hidden-controls.ts';

/** The payments endpoint's path (under the API). */
const PAYMENTS = '/billing/payments';

/** "$1,234.50" → 123450. */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

const paymentForm = (page: Page) => page.getByRole('form', { name: 'Make a payment' });
const amountBox = (page: Page) => paymentForm(page).getByRole('textbox', { name: 'Amount' });
const autopaySwitch = (page: Page) => page.getByRole('switch', { name: 'Automatic payment' });
/** The switch usable again where the server put it: the change is answered (while it is on its
 * way the switch is disabled and already shows the state asked for). */
const autopayAnswered = (page: Page, on: boolean) =>
  page.getByRole('switch', { name: 'Automatic payment', checked: on, disabled: false });

test.describe('billing page', () => {
  // A login, the page's axe checks in both schemes, and a password prompt a sensitive call may bring.
  test.describe.configure({ timeout: 90_000 });

  test('pay a partial amount by bank account', async ({ page, visit }) => {
    await logInAs(page, visit, claimBilledCustomer(), BILLING);
    const due = page.getByTestId('amount-due');
    await expect(due).toBeVisible();
    const before = cents(await due.innerText());
    expect(before).toBeGreaterThan(1000);
    // The amount starts at the amount due, the account at the default bank account.
    await expect(amountBox(page)).toHaveValue((before / 100).toFixed(2));
    const account = paymentForm(page).getByRole('combobox', { name: 'Pay from' });
    await expect(account.locator('option:checked')).toHaveText(/^Bank account ending in \d{4}$/);

    await amountBox(page).fill('10.00');
    await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the payment' });
    await expect(confirm).toContainText(/Pay \$10\.00 from Bank account ending in \d{4}\?/);
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();

    const outcome = page.getByTestId('payment-outcome');
    await throughPasswordPrompt(page, outcome);
    await expect(outcome).toContainText(BILLING_MESSAGES.paymentPending);
    await expect(due).toHaveText(`$${((before - 1000) / 100).toFixed(2)}`);
    const newest = page.getByTestId('payments-table').getByRole('row').nth(1);
    await expect(newest).toContainText('$10.00');
    await expect(newest).toContainText('Pending');
    await expect(newest.getByRole('link', { name: /^Payment \d+$/ })).toHaveAttribute(
      'href',
      /\/control\/invoice\/payments\/\d+\/$/,
    );
    // The form is ready for another payment, of the new amount due.
    await expect(amountBox(page)).toHaveValue(((before - 1000) / 100).toFixed(2));
  });

  test('pay a partial amount by card', async ({ page, visit }) => {
    await logInAs(page, visit, claimBilledCustomer(), null);
    await answerPasswordPrompts(page);
    // The card comes from the provider's own form, on the payment methods page.
    const card = await addCardAsAPerson(page);
    await visit(BILLING);
    const due = page.getByTestId('amount-due');
    await expect(due).toBeVisible();
    const before = cents(await due.innerText());
    await paymentForm(page)
      .getByRole('combobox', { name: 'Pay from' })
      .selectOption({ label: card });
    await amountBox(page).fill('12.34');
    await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the payment' });
    await expect(confirm).toContainText(`Pay $12.34 from ${card}?`);
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();

    // Charged at once through the card provider: received, and the amount due falls by it.
    await expect(page.getByTestId('payment-outcome')).toContainText(
      BILLING_MESSAGES.paymentReceived,
      { timeout: 15_000 },
    );
    await expect(due).toHaveText(`$${((before - 1234) / 100).toFixed(2)}`);
    const newest = page.getByTestId('payments-table').getByRole('row').nth(1);
    await expect(newest).toContainText('$12.34');
    await expect(newest).toContainText(card);
    await expect(newest).toContainText(BILLING_STATUS_LABELS.succeeded);
  });

  test('a card declined while paying costs nothing: two tries add no fee bill and leave the amount due', async ({
    page,
    visit,
  }) => {
    // docs/billing.md "Bills": fees are for a failed automatic payment and a returned bank
    // payment; a decline at the moment of paying costs nothing (two tries once cost $40).
    await logInAs(page, visit, claimBilledCustomer(), null);
    await answerPasswordPrompts(page);
    const card = await addCardAsAPerson(page, { number: DECLINING });
    await visit(BILLING);
    const due = page.getByTestId('amount-due');
    await expect(due).toBeVisible();
    const dueBefore = await due.innerText();
    const bills = page.getByTestId('bills-table').getByRole('row');
    const billsBefore = await bills.count();
    const payments = page.getByTestId('payments-table');
    const outcome = page.getByTestId('payment-outcome');
    for (const attempt of [1, 2]) {
      await paymentForm(page)
        .getByRole('combobox', { name: 'Pay from' })
        .selectOption({ label: card });
      // Another amount each time: the same payment sent again keeps its Idempotency-Key and is
      // answered with the first try (payment.machine.ts), which is no second try.
      await amountBox(page).fill(`${4 + attempt}.00`);
      await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
      const confirm = page.getByRole('group', { name: 'Confirm the payment' });
      // Each try's own answer (the first one's words are still on screen at the second).
      const declined = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          new URL(r.url()).pathname.endsWith(PAYMENTS) &&
          r.status() === 402,
        { timeout: 15_000 },
      );
      await confirm.getByRole('button', { name: 'Confirm payment' }).click();
      // An auto-waiting check first: a token that ran out since the login (they live 5 s on the e2e
      // server) brings the password prompt, which answerPasswordPrompts answers only during checks
      // and actions, never during a wait for a response alone.
      await expect(
        payments.getByRole('row').filter({ hasText: BILLING_STATUS_LABELS.failed }),
        `try ${attempt}: listed as failed`,
      ).toHaveCount(attempt);
      await declined;
      await expect(outcome).toContainText(BILLING_MESSAGES.declined('card_declined'));
      await expect(due, `try ${attempt}: the amount due as it was`).toHaveText(dueBefore);
      await expect(bills, `try ${attempt}: no fee bill`).toHaveCount(billsBefore);
    }
    await expectAccessible(page, 'a declined card payment');
  });

  test('paying more than is due names the credit it leaves, and nothing is sent before Confirm', async ({
    page,
    visit,
  }) => {
    await logInAs(page, visit, claimBilledCustomer(), BILLING);
    const due = page.getByTestId('amount-due');
    await expect(due).toBeVisible();
    const before = cents(await due.innerText());
    expect(before).toBeGreaterThan(0);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(PAYMENTS))
        sent.push(request.postData() ?? '');
    });
    const paying = before + 500;
    const dollars = (paying / 100).toFixed(2);
    await amountBox(page).fill(dollars);
    await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the payment' });
    await expect(confirm).toContainText(/Pay \$[\d,]+\.\d\d from Bank account ending in \d{4}\?/);
    await expect(confirm).toContainText(
      'You are paying $5.00 more than is due: it stays as a credit of $5.00 on your account.',
    );
    await expectAccessible(page, 'the overpayment confirmation');
    expect(sent, 'nothing is sent before Confirm').toEqual([]);

    // Back sends nothing either; the amount due itself asks for no credit.
    await confirm.getByRole('button', { name: 'Back' }).click();
    await amountBox(page).fill((before / 100).toFixed(2));
    await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).not.toContainText('more than is due');
    await confirm.getByRole('button', { name: 'Back' }).click();
    expect(sent).toEqual([]);

    await amountBox(page).fill(dollars);
    await paymentForm(page).getByRole('button', { name: 'Pay' }).click();
    await expect(confirm).toContainText('a credit of $5.00');
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    const outcome = page.getByTestId('payment-outcome');
    await throughPasswordPrompt(page, outcome);
    await expect(outcome).toContainText(BILLING_MESSAGES.paymentPending);
    // The payment confirmed (sent again as it was if the password was asked for first).
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent)
      expect((JSON.parse(body) as { amount: number }).amount).toBe(paying / 100);
  });

  test('turn autopay on and off', async ({ page, visit }) => {
    await logInAs(page, visit, claimBilledCustomer(), BILLING);
    const toggle = autopaySwitch(page);
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(BILLING_PAGE_TEXT.autopayOff)).toBeVisible();

    await pressCovered(toggle);
    await throughPasswordPrompt(page, autopayAnswered(page, true));
    await expect(page.getByText(BILLING_PAGE_TEXT.autopayOn)).toBeVisible();
    await expect(amountBox(page)).toHaveAccessibleDescription('Payment type: Automatic');

    // Off asks first, naming the method it stops charging (the customer's bank account).
    await pressCovered(toggle);
    const question = page.getByRole('dialog', { name: BILLING_PAGE_TEXT.autopayOffTitle });
    await expect(question).toContainText(
      /Bills will no longer be paid from Bank account ending in \d{4}/,
    );
    await question.getByRole('button', { name: BILLING_PAGE_TEXT.autopayOffConfirm }).click();
    await throughPasswordPrompt(page, autopayAnswered(page, false));
    await expect(page.getByText(BILLING_PAGE_TEXT.autopayOff)).toBeVisible();
    await expect(amountBox(page)).toHaveAccessibleDescription('Payment type: Manual');
  });

  test('the viewer sees billing but cannot pay', async ({ page, visit }) => {
    await logInAs(page, visit, 'viewer', BILLING);
    await expect(page.getByTestId('billing-read-only')).toContainText(BILLING_PAGE_TEXT.readOnly);
    await expect(page.getByTestId('amount-due')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('autopay-state')).toHaveText(BILLING_PAGE_TEXT.autopayOn);
    await expect(page.getByTestId('billing-address')).toBeVisible();
    const bills = page.getByTestId('bills-table');
    // The header, the demo's four months of connectivity bills and its server's first month.
    await expect(bills.getByRole('row')).toHaveCount(6);
    await expect(bills.getByRole('link', { name: /^Bill \d+$/ }).first()).toHaveAttribute(
      'href',
      /\/control\/invoice\/bills\/\d+\/$/,
    );
    await expect(page.getByTestId('payments-table')).toBeVisible();
    // Read-only: no payment form, no switch, no address edit.
    await expect(page.getByRole('heading', { name: 'Make a payment' })).toHaveCount(0);
    await expect(paymentForm(page)).toHaveCount(0);
    await expect(autopaySwitch(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit billing address' })).toHaveCount(0);
  });

  test("a bad amount is refused with the spec's message", async ({ page, visit }) => {
    await logInAs(page, visit, claimBilledCustomer(), BILLING);
    const pay = paymentForm(page).getByRole('button', { name: 'Pay' });
    await amountBox(page).fill('12.345');
    await pay.click();
    await expect(amountBox(page)).toHaveAccessibleDescription(
      new RegExp(BILLING_MESSAGES.amount.replace(/[$.]/g, '\\$&')),
    );
    await amountBox(page).fill('10000.01');
    await amountBox(page).blur();
    await expect(paymentForm(page)).toContainText(BILLING_MESSAGES.amountTooLarge);
    await pay.click();
    await expect(page.getByRole('group', { name: 'Confirm the payment' })).toHaveCount(0);
    await expect(amountBox(page)).toHaveAttribute('aria-invalid', 'true');
  });
});
