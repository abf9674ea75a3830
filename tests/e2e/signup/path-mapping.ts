/**
 * The signup wizard in the browser (tests/e2e/paths/runner.ts): the wizard hears about its
 * sections through their snapshots, so each `xstate.snapshot.<section>` sample becomes what a
 * person does in that section to get there (type and choose a demo address, fill the customer
 * details, click a speed card, answer the router, the ownership and the tribal question, the
 * installation or the activation date, skip attribution; a username and password, payment from a
 * bank account), and each state becomes what the page must show: which sections are revealed,
 * which provider form, the voice box, the progress indicator, and whether installation fees show
 * as waived. Place order places a real order: the visitor lands on
 * the account, logged in, and the wizard's page is gone.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { earliestScheduleDate } from '../../../src/shared/signup/dates.ts';
import { selectAddressOutcome } from '../../../machines/signup/address.selectors.ts';
import { selectFormValid } from '../../../machines/forms/form.selectors.ts';
import { selectRouterChoice } from '../../../machines/signup/services.selectors.ts';
import {
  selectInstallationFeeWaived,
  selectProgress,
  selectRevealed,
  type SignupSnapshot,
} from '../../../machines/signup/signup.selectors.ts';
import { CART_MESSAGES } from '../../../src/shared/signup/messages.ts';
import { SIGNUP_MESSAGES } from '../../../src/shared/messages/account.ts';
import { SIGNUP_ORDER_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../../src/shared/messages.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  agree,
  billToServiceAddress,
  completeAccount,
  freshUsername,
  payFromBank,
  placeOrderButton,
  solveCaptcha,
} from './order.ts';
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

/** Pages whose order was placed: the wizard's page is gone, the account shows instead. */
const ordered = new WeakSet<object>();

/**
 * Progress steps a pre-signup link completed that the walk's own sections know nothing of (the
 * link's speed and router: prefilled-mapping.ts).
 */
export const doneByALink = new WeakMap<Page, number>();

export async function expectSections({ page, expect, step }: StateCheckContext) {
  if (ordered.has(page)) return;
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
  await shown('signup-account', revealed.account);
  await shown('signup-summary', revealed.payment);
  await shown('signup-payment', revealed.payment);
  await shown('signup-agreement', revealed.checkout);
  const done =
    selectProgress(wizard(step.snapshot)).filter((s) => s.done).length +
    (doneByALink.get(page) ?? 0);
  await expect(page.locator('[data-testid="signup-progress"] li[data-done="true"]')).toHaveCount(
    done,
  );
  await expectFees({ page, expect, step });
}

/**
 * Installation fees are shown as waived for southern_ute and for self-identifying tribal members
 * (signup.md §9): the speed cards mark their installation fee "Waived", and the order summary
 * takes it off again with "Installation fee waived"; otherwise neither shows.
 */
async function expectFees({
  page,
  expect,
  step,
}: Pick<StateCheckContext, 'page' | 'expect' | 'step'>) {
  const waived = selectInstallationFeeWaived(wizard(step.snapshot));
  const revealed = selectRevealed(wizard(step.snapshot));
  const shows = async (marks: ReturnType<Page['getByText']>, where: boolean) => {
    if (!where) return;
    if (waived) await expect(marks.first()).toBeVisible();
    else await expect(marks).toHaveCount(0);
  };
  await shows(
    page
      .getByTestId('signup-speed')
      .getByText(new RegExp(`\\s${SIGNUP_WIZARD_MESSAGES.feesWaived}$`)),
    revealed.speed,
  );
  await shows(
    page.getByTestId('signup-summary').getByText(CART_MESSAGES.installationFeeWaived, {
      exact: true,
    }),
    revealed.payment,
  );
}

async function expectForm({ page, expect, step }: StateCheckContext, testId: string) {
  if (ordered.has(page)) return;
  if (selectRevealed(wizard(step.snapshot)).connectivity)
    await expect(page.getByTestId(testId)).toBeVisible();
}

/** The request for the code of the account, payment and agreement sections (one chunk). */
const LATER_SECTIONS_CODE = /\/assets\/order-machines-[\w-]+\.js$/;

/**
 * Where the walk has the rest of the page fail to load, the network refuses its code from the
 * start (it is fetched as soon as an address can be ordered); Try again lets it through.
 */
export async function failTheLaterSectionsIfAsked(
  page: Page,
  upcoming: readonly { type: string }[],
) {
  if (upcoming.some((event) => event.type === 'xstate.error.actor.loadOrderSections'))
    await page.route(LATER_SECTIONS_CODE, (route) => route.abort('connectionfailed'));
}

export async function retryTheLaterSections({ page }: { page: Page }) {
  await page.unroute(LATER_SECTIONS_CODE);
  await page.getByTestId('sections-failed').getByRole('button', { name: 'Try again' }).click();
}

export async function expectSectionsFailed({ page, expect }: StateCheckContext) {
  const failed = page.getByTestId('sections-failed');
  await expect(failed).toContainText(SIGNUP_ORDER_MESSAGES.sectionsUnavailable);
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(page.getByTestId('signup-account')).toHaveCount(0);
}

export const signupMapping: BrowserMapping = {
  machine: 'signup',
  async start({ page, visit, upcoming }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await failTheLaterSectionsIfAsked(page, upcoming);
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
          const { isOwner, isTribal } = snapshot.context as {
            isOwner: boolean | null;
            isTribal: boolean | null;
          };
          await page
            .getByRole('radio', { name: isOwner ? 'I own this home' : 'I rent this home' })
            .check();
          // Where the provider asks it (Yellowstone Fiber), the answer to the tribal question.
          if (isTribal !== null)
            await page
              .getByRole('radiogroup', {
                name: 'Are you a member of a federally recognized tribe?',
              })
              .getByRole('radio', { name: isTribal ? 'Yes' : 'No', exact: true })
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
    // The rest of the page's code loads by itself once an address can be ordered, or its
    // request fails (the network refuses it from the start of the walk).
    'xstate.done.actor.loadOrderSections': async () => {},
    'xstate.error.actor.loadOrderSections': async () => {},
    'sections.retry.pressed': retryTheLaterSections,
    'xstate.snapshot.account': async ({ page }) => {
      await completeAccount(page, freshUsername('path'));
    },
    'xstate.snapshot.payment': async ({ page }) => {
      await payFromBank(page);
      await billToServiceAddress(page);
    },
    'order.place.pressed': async ({ page, expect }) => {
      await agree(page);
      await solveCaptcha(page);
      await expect(placeOrderButton(page)).toBeEnabled({ timeout: 15_000 });
      await placeOrderButton(page).click();
      await expect(page).toHaveURL(/\/control\/account\//, { timeout: 30_000 });
      await expect(page.getByText(SIGNUP_MESSAGES.success)).toBeVisible();
      ordered.add(page);
    },
    'voice.toggled': async ({ page }, event) => {
      const box = page.getByRole('checkbox', { name: 'Contact me about voice service' });
      await box.setChecked((event as { checked?: boolean }).checked === true);
    },
  },
  // A real order, the automatic login 4 s after it, and the account page checked by axe in both
  // schemes.
  slowEvents: ['order.place.pressed'],
  notShown: {
    'ordering.order sections.loading': 'the code loads in the background: nothing shows meanwhile',
  },
  states: {
    'waiting for an address': async (context) => {
      await expectSections(context);
      await context.expect(context.page.getByTestId('signup-link-unknown')).toHaveCount(0);
    },
    'ordering.order sections.ready': async ({ page, expect }) => {
      if (!ordered.has(page)) await expect(page.getByTestId('sections-failed')).toHaveCount(0);
    },
    'ordering.order sections.failed': expectSectionsFailed,
    'ordering.account.waiting for the services': expectSections,
    'ordering.account.shown': expectSections,
    'ordering.payment.waiting for services and customer': expectSections,
    'ordering.payment.shown': expectSections,
    'ordering.checkout.waiting for the payment': expectSections,
    'ordering.checkout.shown': expectSections,
    'ordering.reveal.customer details': expectSections,
    'ordering.reveal.speed': expectSections,
    'ordering.reveal.router': expectSections,
    'ordering.reveal.connectivity details': expectSections,
    'ordering.reveal.services complete': expectSections,
    'ordering.connectivity.utopia residential': (c) => expectForm(c, 'utopia-residential'),
    'ordering.connectivity.strata residential': (c) => expectForm(c, 'strata-residential'),
    'ordering.connectivity.bonfire residential': (c) => expectForm(c, 'bonfire-residential'),
    'ordering.voice.not offered': async ({ page, expect }) => {
      if (!ordered.has(page)) await expect(page.getByTestId('signup-voice')).toHaveCount(0);
    },
    'ordering.voice.not requested': async ({ page, expect, step }) => {
      if (!ordered.has(page) && selectRevealed(wizard(step.snapshot)).voice)
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
