/**
 * The signup's account setup in the browser (signup.md §2 item 8): the customer details are
 * filled in without a date of birth by the time the account shows, as from a pre-signup link, so
 * the account holder starts incomplete. The holder, the username (real server answers) and the
 * password (the real strength check) are what a person types; the customer details change in
 * their own section, and the holder follows.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  selectAccountValid,
  type AccountSnapshot,
} from '../../../machines/signup/account.selectors.ts';
import { selectFormValid } from '../../../machines/forms/form.selectors.ts';
import { selectPasswordValid } from '../../../machines/forms/password.selectors.ts';
import { selectUsernameAvailable } from '../../../machines/signup/username.selectors.ts';
import { SIGNUP_ORDER_MESSAGES } from '../../../src/shared/messages.ts';
import { USERNAME_MESSAGES } from '../../../src/shared/messages/account.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import { STRONG_PASSWORD, WEAK_PASSWORD, choosePassword, freshUsername } from './order.ts';
import { CUSTOMER, SIGNUP_PATH, typeMasked, walkToAccount } from './wizard.ts';
import { usernameBox } from './username-mapping.ts';

function carried<T>(event: EventObject): T {
  return (event as unknown as { snapshot: T }).snapshot;
}

const account = (page: Page) => page.getByTestId('signup-account');
const credentials = (page: Page) => page.getByTestId('signup-credentials');
const progressStep = (page: Page) =>
  page
    .getByTestId('signup-progress')
    .getByRole('listitem')
    .filter({ hasText: /Account/ });

async function leave(page: Page, label: string, text: string) {
  const field = account(page).getByLabel(label);
  await field.fill(text);
  await field.blur();
}

async function expectAccountDone({ page, expect, step }: StateCheckContext) {
  const done = selectAccountValid(step.snapshot as unknown as AccountSnapshot);
  await expect(progressStep(page)).toHaveAttribute('data-done', String(done));
}

export const accountMapping: BrowserMapping = {
  machine: 'signup-account',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    await walkToAccount(page, { holderComplete: false });
  },
  events: {
    'xstate.snapshot.holder': async ({ page }, event) => {
      if (selectFormValid(carried(event))) {
        await leave(page, 'Email', CUSTOMER.email);
        await typeMasked(account(page).getByLabel('Date of birth'), CUSTOMER.dobDigits);
        await account(page).getByLabel('Date of birth').blur();
      } else {
        await leave(page, 'Email', `${CUSTOMER.fname.toLowerCase()}@`);
      }
    },
    'xstate.snapshot.username': async ({ page, expect }, event) => {
      const free = selectUsernameAvailable(carried(event));
      await usernameBox(page).fill(free ? freshUsername('account') : 'demo');
      if (free)
        await expect(credentials(page).getByTestId('username-status')).toHaveText(
          `✓ ${SIGNUP_ORDER_MESSAGES.usernameAvailable}`,
          { timeout: 10_000 },
        );
      else await expect(credentials(page).getByText(USERNAME_MESSAGES.taken)).toBeVisible();
    },
    'xstate.snapshot.password': async ({ page, expect }, event) => {
      const strong = selectPasswordValid(carried(event));
      await choosePassword(page, strong ? STRONG_PASSWORD : WEAK_PASSWORD);
      if (strong)
        await expect(credentials(page).getByTestId('password-strength')).toHaveText('100 / 100');
    },
    'customer.details.changed': async ({ page }, event) => {
      const { values } = event as EventObject & { values: { email: string } };
      const email = page.getByTestId('signup-customer').getByLabel('Email');
      await email.fill(values.email);
      await email.blur();
    },
  },
  notCaused: {
    'xstate.snapshot.username': ({ index }) =>
      index === 0 ? 'the username box shows only once the account holder was valid' : undefined,
    'xstate.snapshot.password': ({ index }) =>
      index === 0 ? 'the password boxes show only once the account holder was valid' : undefined,
  },
  states: {
    'account holder': async (context) => {
      const { page, expect, step } = context;
      // The holder shows the customer details it follows (signup.md §2 item 8).
      const following = (step.snapshot as unknown as AccountSnapshot).context.following;
      await expect(account(page)).toBeVisible();
      await expect(account(page).getByLabel('First name')).toHaveValue(CUSTOMER.fname);
      await expect(account(page).getByLabel('Email')).toHaveValue(String(following.email));
      await expect(account(page).getByLabel('Date of birth')).toHaveValue('');
      await expect(credentials(page)).toHaveCount(0);
      await expectAccountDone(context);
    },
    credentials: async (context) => {
      const { page, expect } = context;
      await expect(credentials(page)).toBeVisible();
      await expect(usernameBox(page)).toBeEditable();
      await expect(
        credentials(page).getByRole('textbox', { name: 'Password', exact: true }),
      ).toBeEditable();
      await expectAccountDone(context);
    },
  },
};
