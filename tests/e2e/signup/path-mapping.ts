/**
 * The signup wizard in the browser (tests/e2e/paths/runner.ts): the wizard hears about its
 * sections through their snapshots, so each `xstate.snapshot.<section>` sample becomes what a
 * person does in that section to get there (type and choose a demo address, fill the customer
 * details, click a speed card, answer the router, the ownership, the installation or the
 * activation date, skip attribution), and each state becomes what the page must show: which
 * sections are revealed, which provider form, the voice box, the progress indicator.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { earliestScheduleDate } from '../../../src/shared/signup/dates.ts';
import { selectAddressOutcome } from '../../../machines/signup/address.selectors.ts';
import { selectFormValid } from '../../../machines/forms/form.selectors.ts';
import { selectRouterChoice } from '../../../machines/signup/services.selectors.ts';
import {
  selectProgress,
  selectRevealed,
  type SignupSnapshot,
} from '../../../machines/signup/signup.selectors.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  CUSTOMER,
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  addressBox,
  chooseAddress,
  chooseFirstInstallationSlot,
  chooseSpeed,
  declineRouter,
  fillCustomer,
  pickDate,
} from './wizard.ts';

type Sampled = Parameters<typeof selectAddressOutcome>[0];

function carried<T>(event: { type: string }): T {
  return (event as unknown as { snapshot: T }).snapshot;
}

const wizard = (snapshot: AnyMachineSnapshot) => snapshot as unknown as SignupSnapshot;

async function expectSections({ page, expect, step }: StateCheckContext) {
  const revealed = selectRevealed(wizard(step.snapshot));
  const shown = async (testId: string, visible: boolean) => {
    if (visible) await expect(page.getByTestId(testId)).toBeVisible();
    else await expect(page.getByTestId(testId)).toHaveCount(0);
  };
  await shown('signup-customer', revealed.customer);
  await shown('signup-speed', revealed.speed);
  await shown('signup-router', revealed.router);
  await shown('signup-connectivity', revealed.connectivity !== null);
  await shown('signup-voice', revealed.voice);
  await shown('signup-attribution', revealed.attribution);
  const done = selectProgress(wizard(step.snapshot)).filter((s) => s.done).length;
  await expect(page.locator('[data-testid="signup-progress"] li[data-done="true"]')).toHaveCount(
    done,
  );
}

async function expectForm({ page, expect, step }: StateCheckContext, testId: string) {
  if (selectRevealed(wizard(step.snapshot)).connectivity)
    await expect(page.getByTestId(testId)).toBeVisible();
}

export const signupMapping: BrowserMapping = {
  machine: 'signup',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
  },
  events: {
    'xstate.snapshot.address': async ({ page }, event) => {
      const outcome = selectAddressOutcome(carried<Sampled>(event));
      if (!outcome.serviceable) {
        await addressBox(page).fill('245 E Cen');
        return;
      }
      const demo = Object.values(DEMO_ADDRESSES).find((d) => d.id === outcome.details.address_id);
      if (!demo) throw new Error(`no demo address has id ${outcome.details.address_id}`);
      await chooseAddress(page, demo);
    },
    'xstate.snapshot.customer': async ({ page }, event) => {
      const valid = selectFormValid(carried(event));
      const email = page.getByTestId('signup-customer').getByLabel('Email');
      if (valid) await fillCustomer(page);
      else await email.fill(`${CUSTOMER.fname.toLowerCase()}@`);
      await email.blur();
    },
    'xstate.snapshot.services': async ({ page }, event) => {
      const services = carried<Parameters<typeof selectRouterChoice>[0]>(event);
      const choice = selectRouterChoice(services);
      if (choice === 'own router') await declineRouter(page);
      else await chooseSpeed(page, services.context.speedId ?? '');
    },
    'xstate.snapshot.connectivity': async ({ page }, event) => {
      const snapshot = carried<AnyMachineSnapshot>(event);
      switch (snapshot.machine.id) {
        case 'signupResidentialDetails': {
          const owner = (snapshot.context as { isOwner: boolean | null }).isOwner;
          await page
            .getByRole('radio', { name: owner ? 'I own this home' : 'I rent this home' })
            .check();
          break;
        }
        case 'signupInstallation':
          await chooseFirstInstallationSlot(page);
          break;
        case 'signupActivation':
          await pickDate(page, 'Desired activation date', earliestScheduleDate());
          break;
        default:
          throw new Error(`no browser action for ${snapshot.machine.id}`);
      }
    },
    'xstate.snapshot.attribution': async ({ page }) => {
      await page.getByTestId('signup-attribution').getByRole('button', { name: 'Skip' }).click();
    },
    'voice.toggled': async ({ page }, event) => {
      const box = page.getByRole('checkbox', { name: 'Contact me about voice service' });
      await box.setChecked((event as { checked?: boolean }).checked === true);
    },
  },
  states: {
    'waiting for an address': expectSections,
    'ordering.reveal.customer details': expectSections,
    'ordering.reveal.speed': expectSections,
    'ordering.reveal.router': expectSections,
    'ordering.reveal.connectivity details': expectSections,
    'ordering.reveal.services complete': expectSections,
    'ordering.connectivity.utopia residential': (c) => expectForm(c, 'utopia-residential'),
    'ordering.connectivity.strata residential': (c) => expectForm(c, 'strata-residential'),
    'ordering.connectivity.bonfire residential': (c) => expectForm(c, 'bonfire-residential'),
    'ordering.voice.not offered': async ({ page, expect }) => {
      await expect(page.getByTestId('signup-voice')).toHaveCount(0);
    },
    'ordering.voice.not requested': async ({ page, expect, step }) => {
      if (selectRevealed(wizard(step.snapshot)).voice)
        await expect(
          page.getByRole('checkbox', { name: 'Contact me about voice service' }),
        ).not.toBeChecked();
    },
    'ordering.voice.requested': async ({ page, expect }) => {
      await expect(
        page.getByRole('checkbox', { name: 'Contact me about voice service' }),
      ).toBeChecked();
    },
  },
};
