/**
 * The "utopia residential" section in the browser where only owners may order: the Yellowstone
 * Fiber demo address asks whether the visitor owns or rents the home (owners only) and whether
 * they are a member of a federally recognized tribe. A renter is told that only the owner can
 * order; a tribal member sees the installation fees waived on the speed cards (signup.md §9).
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectResidentialView,
  type ResidentialDetailsSnapshot,
} from '../../../machines/signup/residential-details.selectors.ts';
import { CONNECTIVITY_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '../../../src/shared/messages.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import {
  DEMO_ADDRESSES,
  SIGNUP_PATH,
  walkToConnectivity,
  expectAttributionRevealed,
} from './wizard.ts';

const residential = (snapshot: AnyMachineSnapshot) =>
  snapshot as unknown as ResidentialDetailsSnapshot;

const OWNERSHIP = 'Do you own or rent this home?';
const TRIBAL = 'Are you a member of a federally recognized tribe?';

const section = (page: StateCheckContext['page']) => page.getByTestId('utopia-residential');
const ownership = (page: StateCheckContext['page']) =>
  section(page).getByRole('radiogroup', { name: OWNERSHIP });
const tribal = (page: StateCheckContext['page']) =>
  section(page).getByRole('radiogroup', { name: TRIBAL });

async function expectChecked(
  { expect }: StateCheckContext,
  group: ReturnType<typeof ownership>,
  labels: readonly [string, string],
  answer: boolean | null,
) {
  const [yes, no] = labels.map((name) => group.getByRole('radio', { name, exact: true }));
  if (answer === true) await expect(yes).toBeChecked();
  else await expect(yes).not.toBeChecked();
  if (answer === false) await expect(no).toBeChecked();
  else await expect(no).not.toBeChecked();
}

async function expectOwnership(context: StateCheckContext) {
  const { page, expect, step } = context;
  const view = selectResidentialView(residential(step.snapshot));
  await expect(section(page).getByText(CONNECTIVITY_MESSAGES.ownershipRequired)).toBeVisible();
  await expectChecked(
    context,
    ownership(page),
    ['I own this home', 'I rent this home'],
    view.isOwner,
  );
  const refused = section(page)
    .getByRole('alert')
    .filter({ hasText: CONNECTIVITY_MESSAGES.ownersOnly });
  if (view.renterRefused) await expect(refused).toBeVisible();
  else await expect(refused).toHaveCount(0);
  // Only owners may order here: no one asks a renter for the owner's contact.
  await expect(section(page).getByRole('form', { name: 'Property owner' })).toHaveCount(0);
  await expectComplete(context);
}

async function expectTribal(context: StateCheckContext) {
  const { page, expect, step } = context;
  const view = selectResidentialView(residential(step.snapshot));
  await expect(section(page).getByText(CONNECTIVITY_MESSAGES.tribalRequired)).toBeVisible();
  await expectChecked(context, tribal(page), ['Yes', 'No'], view.isTribal);
  // Yellowstone Fiber waives the installation fees of tribal members (signup.md §9).
  const waived = page
    .getByTestId('signup-speed')
    .getByText(new RegExp(`\\s${SIGNUP_WIZARD_MESSAGES.feesWaived}$`));
  if (view.isTribal === true) await expect(waived.first()).toBeVisible();
  else await expect(waived).toHaveCount(0);
  await expectComplete(context);
}

/** An owner who answered the tribal question completes the services: attribution follows. */
async function expectComplete({ page, step }: StateCheckContext) {
  const view = selectResidentialView(residential(step.snapshot));
  await expectAttributionRevealed(page, view.isOwner === true && view.isTribal !== null);
}

export const residentialOwnersOnlyMapping: BrowserMapping = {
  machine: 'signup-residential-owners-only',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.yellowstoneOrderable);
  },
  events: {
    'ownership.chosen': async ({ page }, event) => {
      const owner = (event as { owner?: boolean }).owner === true;
      await ownership(page)
        .getByRole('radio', { name: owner ? 'I own this home' : 'I rent this home' })
        .check();
    },
    'tribal.answered': async ({ page }, event) => {
      const member = (event as { member?: boolean }).member === true;
      await tribal(page)
        .getByRole('radio', { name: member ? 'Yes' : 'No', exact: true })
        .check();
    },
  },
  states: {
    'ownership.not answered': expectOwnership,
    'ownership.owner': expectOwnership,
    'ownership.renter refused': expectOwnership,
    'tribal.not answered': expectTribal,
    'tribal.member': expectTribal,
    'tribal.not a member': expectTribal,
  },
  notShown: {
    'ownership.renter':
      'only owners may order here: a renter is refused, never asked for the owner (unreachable in this model)',
  },
};
