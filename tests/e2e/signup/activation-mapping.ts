/**
 * The desired activation date in the browser ("bonfire residential"), at the orderable Southern
 * Ute Fiber demo address, where the date is required: the date picker offers tomorrow at the
 * earliest (earlier days are disabled), and the section is complete (the attribution question
 * follows) once a date is chosen. A path that clears the date walks the early-signup Southern Ute
 * address instead, where the date is optional (signup.md §5) and "Clear the date" takes it back.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectActivationValid,
  selectActivationView,
  type ActivationSnapshot,
} from '../../../machines/signup/activation.selectors.ts';
import { CONNECTIVITY_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../../src/shared/messages.ts';
import { earliestScheduleDate } from '../../../src/shared/signup/dates.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  pickDate,
  walkToConnectivity,
  expectAttributionRevealed,
} from './wizard.ts';
import { pressDisabled } from '../support/hidden-controls.ts';

const LABEL = 'Desired activation date';
const CLEAR = 'Clear the date';

/** Pages walked at the early-signup address, where the date is optional. */
const earlySignupPages = new WeakSet<Page>();

const activation = (snapshot: AnyMachineSnapshot) => snapshot as unknown as ActivationSnapshot;

/** How the date picker writes a day ("November 26, 2026"). */
function shownDate(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

async function expectDate({ page, expect, step }: StateCheckContext) {
  const snapshot = activation(step.snapshot);
  const view = selectActivationView(snapshot);
  const section = page.getByTestId('bonfire-residential');
  const field = section.getByRole('button', { name: LABEL, exact: true });
  const clear = section.getByRole('button', { name: CLEAR });
  await expect(field).toBeEnabled();
  if (view.date) await expect(field).toHaveText(shownDate(view.date));
  else await expect(field).toHaveText('Choose a date');
  if (!earlySignupPages.has(page)) {
    await expect(section.getByText(CONNECTIVITY_MESSAGES.activationDate)).toBeVisible();
    // The date is required here: no control clears it.
    await expect(clear).toHaveCount(0);
    // A complete section completes the services: the attribution question follows.
    await expectAttributionRevealed(page, selectActivationValid(snapshot));
    return;
  }
  // Early signup: the network is still being built, the date is optional and a chosen date can
  // be cleared; the section is complete with or without it (signup.md §5).
  await expect(section.getByText(SIGNUP_WIZARD_MESSAGES.earlySignup)).toBeVisible();
  await expect(section.getByText(CONNECTIVITY_MESSAGES.activationDate)).toHaveCount(0);
  if (view.date) await expect(clear).toBeEnabled();
  else await expect(clear).toHaveCount(0);
  await expectAttributionRevealed(page, true);
}

export const activationMapping: BrowserMapping = {
  machine: 'signup-activation',
  async start({ page, visit, upcoming }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    // Only an optional date can be cleared: a path that clears it walks the early-signup address.
    const early = upcoming.some((event) => event.type === 'activation.date.cleared');
    if (early) earlySignupPages.add(page);
    await walkToConnectivity(
      page,
      early ? DEMO_ADDRESSES.southernUteEarlySignup : DEMO_ADDRESSES.southernUteOrderable,
    );
  },
  events: {
    'activation.date.chosen': async ({ page, expect }, event) => {
      const { date } = event as { date?: string };
      if (date && date >= earliestScheduleDate()) {
        await pickDate(page, LABEL, date);
        return;
      }
      // A day before tomorrow: the picker shows it disabled, and a click on it does nothing.
      await page.getByRole('button', { name: LABEL, exact: true }).click();
      const day = page.locator(`[data-date="${date}"]`).first();
      if (await day.isVisible()) {
        await expect(day).toBeDisabled();
        await pressDisabled(day);
      }
      await page.keyboard.press('Escape');
    },
    'activation.date.cleared': async ({ page }) => {
      await page.getByTestId('bonfire-residential').getByRole('button', { name: CLEAR }).click();
    },
  },
  states: {
    'no date': expectDate,
    'date chosen': expectDate,
  },
};
