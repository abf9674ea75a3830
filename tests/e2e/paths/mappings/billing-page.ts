/**
 * The Billing page machine in the browser, for a customer of the path's own (payments manage, a
 * bank account as the default). The page's two loads (`GET /user/info`, `GET
 * /billing/payment_accounts`) are held on the network until the path says how each answers: the
 * real server's answer, or none (dropped on the network, the one answer the server cannot give).
 * An answer after the first is asked for as the page itself asks: Try again after a failure, or
 * everything loaded again after the billing address is saved (its form, the page's child, is
 * opened, cancelled and saved here too). What the page passes on to the form
 * and the switch, and the loads after a payment or an autopay change, are walked by the form's
 * and the switch's own mappings (billing-payment.ts, billing-autopay.ts).
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { BILLING_MESSAGES } from '../../../../src/shared/billing/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import { BILLING_PATH, reloadThroughAddress } from '../../billing/support.ts';
import {
  snapshotAfter,
  type BrowserContext,
  type BrowserMapping,
  type EventPlace,
} from '../runner.ts';
import { logInAs } from './portal.ts';

const USER_INFO = '**/manage/api/v1.0/user/info';
const ACCOUNTS = '**/manage/api/v1.0/billing/payment_accounts';
const SUMMARY_FAILED = 'The amount due could not be loaded';
const ACCOUNTS_FAILED = 'The payment methods could not be loaded';

/**
 * One load held on the network: its requests wait until the path says how the next answers. The
 * page asks again (a reload, Try again) only when the path asks it to, so each answer the path
 * gives goes to the request the page waits for: the newest; an older one the page gave up on is
 * answered too, and ignored by it.
 */
class HeldLoad {
  private held: Route[] = [];
  /** Requests the page was made to send so far. */
  private asked = 0;
  private arrived = 0;
  private wake: (() => void) | null = null;

  constructor(readonly failureTitle: string) {}

  async hold(route: Route) {
    if (route.request().method() !== 'GET') return route.fallback();
    this.held.push(route);
    this.arrived += 1;
    this.wake?.();
  }

  /** The page was made to send one more request. */
  expectOne() {
    this.asked += 1;
  }

  /** Whether the page waits for an answer the path has not given yet. */
  waiting(): boolean {
    return this.held.length > 0 || this.arrived < this.asked;
  }

  /**
   * Lets a request reach the server. The e2e server's access tokens live 5 s: one that ran out
   * while the request was held is answered 401, and the page renews it and sends the request
   * again, which goes through too (the resend is not one more request the path asked for).
   */
  private async serve(route: Route) {
    for (;;) {
      const response = await route.fetch();
      await route.fulfill({ response });
      if (response.status() !== 401) return;
      while (this.held.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
      route = this.held.shift()!;
      this.arrived -= 1;
    }
  }

  /** Answers the request the page waits for: the server's answer, or none. */
  async answer(page: Page, served: boolean) {
    while (this.arrived < this.asked || this.held.length === 0)
      await new Promise<void>((resolve) => (this.wake = resolve));
    const routes = this.held.splice(0);
    const newest = routes.pop()!;
    for (const old of routes) await old.continue().catch(() => {});
    if (served) await this.serve(newest);
    else {
      await newest.abort('internetdisconnected');
      await page.getByRole('alert').filter({ hasText: this.failureTitle }).waitFor();
    }
  }
}

const loads = {
  summary: new HeldLoad(SUMMARY_FAILED),
  accounts: new HeldLoad(ACCOUNTS_FAILED),
};

const form = (page: Page) => page.getByRole('form', { name: 'Make a payment' });
const toggle = (page: Page) => page.getByRole('switch', { name: 'Automatic payment' });

/** The answer a load sample gives: the loader's data, or its failure. */
function served(event: EventObject): boolean {
  return (event as { snapshot?: AnyMachineSnapshot }).snapshot?.value === 'loaded';
}

/** The page is made to ask for `which` again, as it does itself. */
async function askAgain({ page }: BrowserContext, which: 'summary' | 'accounts') {
  const load = loads[which];
  if (load.waiting()) return;
  const failure = page.getByRole('alert').filter({ hasText: load.failureTitle });
  if (await failure.isVisible()) {
    load.expectOne();
    await failure.getByRole('button', { name: 'Try again' }).click();
    return;
  }
  // Loaded: the page loads everything again after a change it makes (the address saved).
  await saveAddress(page);
}

/** Saving the address has each load ask once more (a load on its way starts again). */
async function saveAddress(page: Page) {
  for (const load of Object.values(loads)) load.expectOne();
  await reloadThroughAddress(page);
}

const addressForm = (page: Page) => page.getByRole('form', { name: 'Edit the billing address' });

/** The planned snapshot before the event at `earlier`. */
const before = (earlier: readonly EventObject[]) =>
  snapshotAfter(billingPageMapping, earlier) as AnyMachineSnapshot & {
    context: { info: unknown; accounts: unknown };
  };

/** Why a load cannot be answered again here: the address form is open. */
function whileEditing(place: EventPlace, type: string): string | undefined {
  const editing = (before(place.earlier) as AnyMachineSnapshot).matches({ address: 'editing' });
  const answered = place.earlier.some((event) => event.type === type);
  return editing && answered
    ? 'the page asks again after the address is saved, which closes the open address form'
    : undefined;
}

const PASSED_ON =
  'the page passes it on to its child; walked by the child’s own mapping (billing-payment.ts, billing-autopay.ts)';

export const billingPageMapping: BrowserMapping = {
  machine: 'billing-page',
  async start({ page, visit }) {
    loads.summary = new HeldLoad(SUMMARY_FAILED);
    loads.accounts = new HeldLoad(ACCOUNTS_FAILED);
    loads.summary.expectOne();
    loads.accounts.expectOne();
    await page.route(USER_INFO, (route) => loads.summary.hold(route));
    await page.route(ACCOUNTS, (route) => loads.accounts.hold(route));
    await logInAs(page, visit, claimBilledCustomer(), BILLING_PATH);
  },
  events: {
    'xstate.snapshot.summary': async (context, event) => {
      await askAgain(context, 'summary');
      await loads.summary.answer(context.page, served(event));
    },
    'xstate.snapshot.accounts': async (context, event) => {
      await askAgain(context, 'accounts');
      await loads.accounts.answer(context.page, served(event));
    },
    'address.edit.pressed': async ({ page }) => {
      await page.getByRole('button', { name: 'Edit billing address' }).click();
    },
    'address.edit.closed': async ({ page }) => {
      await addressForm(page).getByRole('button', { name: 'Cancel' }).click();
    },
    // The address saved as it shows (with a last name typed again): everything loads again.
    'xstate.snapshot.address': async ({ page, expect }) => {
      for (const load of Object.values(loads)) load.expectOne();
      await addressForm(page).getByRole('textbox', { name: 'Last name' }).fill('Payer');
      await addressForm(page).getByRole('button', { name: 'Save address' }).click();
      await expect(page.getByText(BILLING_MESSAGES.addressSaved).first()).toBeVisible();
    },
  },
  notCaused: {
    // The address shows (with its Edit) once the amount due shows.
    'address.edit.pressed': ({ earlier }) =>
      before(earlier).context.info === null
        ? 'Edit billing address shows once the amount due shows'
        : undefined,
    // A load answered before is asked for again by saving the address: not while its form is
    // open (the path's own steps say what the form does).
    'xstate.snapshot.summary': (place) => whileEditing(place, 'xstate.snapshot.summary'),
    'xstate.snapshot.accounts': (place) => whileEditing(place, 'xstate.snapshot.accounts'),
    'summary.retry.pressed':
      'Try again is pressed as the way the page asks for the amount due again (the load events)',
    'accounts.retry.pressed':
      'Try again is pressed as the way the page asks for the accounts again (the load events)',
    'bills.page.requested': 'goes to the bills table (records-page.machine.ts, its own paths)',
    'bills.retry.pressed': 'goes to the bills table (records-page.machine.ts, its own paths)',
    'payments.page.requested': 'goes to the payments table (records-page.machine.ts)',
    'payments.retry.pressed': 'goes to the payments table (records-page.machine.ts)',
    'billing.changed':
      'a payment or an autopay change answered: the billing-payment and billing-autopay mappings walk the page loading again after it',
    'amount.changed': PASSED_ON,
    'amount.left': PASSED_ON,
    'account.chosen': PASSED_ON,
    'payment.requested': PASSED_ON,
    'payment.confirmed': PASSED_ON,
    'payment.cancelled': PASSED_ON,
    'autopay.switched': PASSED_ON,
    'autopay.off.confirmed': PASSED_ON,
    'autopay.off.cancelled': PASSED_ON,
  },
  states: {
    'payment.hidden': async ({ page, expect }) => {
      await expect(form(page)).toHaveCount(0);
    },
    'payment.shown': async ({ page, expect }) => {
      await expect(form(page)).toBeVisible();
    },
    'autopay.hidden': async ({ page, expect }) => {
      await expect(toggle(page)).toHaveCount(0);
    },
    'autopay.shown': async ({ page, expect }) => {
      await expect(toggle(page)).toBeVisible();
    },
    'address.showing': async ({ page, expect }) => {
      await expect(addressForm(page)).toHaveCount(0);
    },
    'address.editing': async ({ page, expect }) => {
      // The form starts with the address shown.
      await expect(
        addressForm(page).getByRole('textbox', { name: 'Street address' }),
      ).not.toHaveValue('');
    },
  },
};
