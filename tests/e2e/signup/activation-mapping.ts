/**
 * The desired activation date in the browser ("bonfire residential"), at the orderable Southern
 * Ute Fiber demo address, where the date is required: the date picker offers tomorrow at the
 * earliest (earlier days are disabled), and the section is complete (the attribution question
 * follows) once a date is chosen.
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectActivationValid,
  selectActivationView,
  type ActivationSnapshot,
} from '../../../machines/signup/activation.selectors.ts';
import { CONNECTIVITY_MESSAGES } from '../../../src/shared/messages.ts';
import { earliestScheduleDate } from '../../../src/shared/signup/dates.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  pickDate,
  walkToConnectivity,
  expectAttributionRevealed,
} from './wizard.ts';

const LABEL = 'Desired activation date';

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
  await expect(field).toBeEnabled();
  await expect(section.getByText(CONNECTIVITY_MESSAGES.activationDate)).toBeVisible();
  if (view.date) await expect(field).toHaveText(shownDate(view.date));
  else await expect(field).toHaveText('Choose a date');
  // The date is required here: no control clears it.
  await expect(section.getByRole('button', { name: 'Clear the date' })).toHaveCount(0);
  // A complete section completes the services: the attribution question follows.
  await expectAttributionRevealed(page, selectActivationValid(snapshot));
}

export const activationMapping: BrowserMapping = {
  machine: 'signup-activation',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.southernUteOrderable);
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
        await day.click({ force: true });
      }
      await page.keyboard.press('Escape');
    },
  },
  notCaused: {
    'activation.date.cleared':
      'a required date (an orderable Southern Ute Fiber address) can be changed but not cleared: ' +
      'Clear the date shows only where the date is optional (early signup)',
  },
  states: {
    'no date': expectDate,
    'date chosen': expectDate,
  },
};
