/**
 * The automatic payment switch in the browser, on the Billing page, for a customer of the path's
 * own (a bank account as the default, automatic payment off). Changes go to the real server; a
 * server that cannot be reached is the one answer it cannot give, so that request is dropped on
 * the network. The payment accounts loaded again: the accounts are set through the API (as the
 * payment methods page would set them), then the page loads everything again after a change it
 * makes (the billing address saved).
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { BILLING_PAGE_TEXT } from '../../../../src/shared/billing/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import {
  BILLING_PATH,
  reloadThroughAddress,
  setAccounts,
  throughPasswordPrompt,
} from '../../billing/support.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';
import { pressCovered } from '../../support/hidden-controls.ts';

const ACCOUNT = '**/manage/api/v1.0/billing/payment_accounts/*';
const REFUSED = 'Automatic payment was not changed';

const done = { username: '' };

const toggle = (page: Page) => page.getByRole('switch', { name: 'Automatic payment' });
const refusal = (page: Page) => page.getByRole('alert').filter({ hasText: REFUSED });
const question = (page: Page) =>
  page.getByRole('dialog', { name: BILLING_PAGE_TEXT.autopayOffTitle });

async function checkRefusal({ page, expect, step }: StateCheckContext) {
  // The reason the machine holds: a dropped request's, as the page words it.
  const { refused } = step.projection as { refused: string | null };
  if (refused) await expect(refusal(page)).toContainText(refused);
  else await expect(refusal(page)).toHaveCount(0);
}

function answered(event: EventObject): boolean {
  return (event as { output?: { automatic?: boolean } }).output?.automatic ?? false;
}

export const billingAutopayMapping: BrowserMapping = {
  machine: 'billing-autopay',
  async start({ page, visit }) {
    done.username = claimBilledCustomer();
    await logInAs(page, visit, done.username, BILLING_PATH);
    await toggle(page).waitFor({ state: 'attached' });
  },
  events: {
    'autopay.switched': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.save')
        await page.route(ACCOUNT, (route) => route.abort('internetdisconnected'), { times: 1 });
      await pressCovered(toggle(page));
    },
    'autopay.off.confirmed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.save')
        await page.route(ACCOUNT, (route) => route.abort('internetdisconnected'), { times: 1 });
      await question(page)
        .getByRole('button', { name: BILLING_PAGE_TEXT.autopayOffConfirm })
        .click();
    },
    'autopay.off.cancelled': async ({ page }) => {
      await question(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.save': async ({ page }, event) => {
      // The switch is usable again, where the server put it.
      await throughPasswordPrompt(
        page,
        page.getByRole('switch', {
          name: 'Automatic payment',
          checked: answered(event),
          disabled: false,
        }),
      );
    },
    'xstate.error.actor.save': async ({ page, expect }) => {
      await expect(refusal(page)).toBeVisible();
      await page.unroute(ACCOUNT);
    },
    'accounts.loaded': async ({ page }, event) => {
      const { automatic, defaultAccountId } = event as EventObject & {
        automatic: boolean;
        defaultAccountId: number | null;
      };
      await setAccounts(page, done.username, { automatic, hasDefault: defaultAccountId !== null });
      await reloadThroughAddress(page);
    },
  },
  notCaused: {
    // The page loads the accounts again after a change made on it: none is made while the
    // question of turning automatic payment off holds the page.
    'accounts.loaded': ({ previous }) =>
      previous?.type === 'autopay.switched' && !(previous as { on?: boolean }).on
        ? 'the question of turning it off holds the page: nothing on it loads the accounts again'
        : undefined,
    'xstate.done.actor.save': ({ event, previous }) => {
      const asked = (previous as { on?: boolean } | undefined)?.on;
      return asked !== undefined && asked !== answered(event)
        ? 'the server does what the switch asked'
        : undefined;
    },
  },
  states: {
    off: async (context) => {
      const { page, expect } = context;
      await expect(toggle(page)).not.toBeChecked();
      await expect(toggle(page)).toBeEnabled();
      await expect(page.getByText(BILLING_PAGE_TEXT.autopayOff)).toBeVisible();
      await checkRefusal(context);
    },
    on: async (context) => {
      const { page, expect } = context;
      await expect(toggle(page)).toBeChecked();
      await expect(toggle(page)).toBeEnabled();
      await expect(page.getByText(BILLING_PAGE_TEXT.autopayOn)).toBeVisible();
      await checkRefusal(context);
    },
    'asking to turn off': async ({ page, expect }) => {
      // The question names the default method (the customer's bank account); the switch stays on.
      const words = BILLING_PAGE_TEXT.autopayOffQuestion('@').replace(
        /[.*+?^${}()|[\]\\]/g,
        '\\$&',
      );
      await expect(question(page)).toContainText(
        new RegExp(words.replace('@', 'Bank account ending in \\d{4}')),
      );
      await expect(toggle(page)).toBeChecked();
    },
    unavailable: async ({ page, expect }) => {
      await expect(toggle(page)).toBeDisabled();
      await expect(page.getByText(BILLING_PAGE_TEXT.autopayNeedsDefault)).toBeVisible();
    },
  },
  notShown: {
    'turning on': 'lasts only while the server answers; the state after it is checked',
    'turning off': 'lasts only while the server answers; the state after it is checked',
  },
};
