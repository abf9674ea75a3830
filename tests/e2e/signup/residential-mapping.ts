/**
 * The "utopia residential" section in the browser, at two providers' demo addresses.
 *
 * UTOPIA Fiber (Orem) needs owner data and lets renters order: a renter is asked for the
 * property owner's contact, and there is no tribal question.
 *
 * Where only owners may order: the Yellowstone
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

/** UTOPIA Fiber: the ownership question, the owner's contact for a renter, no tribal question. */
async function expectUtopiaOwnership(context: StateCheckContext) {
  const { page, expect, step } = context;
  const view = selectResidentialView(residential(step.snapshot));
  await expect(section(page).getByText(CONNECTIVITY_MESSAGES.ownershipRequired)).toBeVisible();
  await expectChecked(
    context,
    ownership(page),
    ['I own this home', 'I rent this home'],
    view.isOwner,
  );
  // Renters may order here: nobody is refused, and a renter gives the owner's contact.
  await expect(section(page).getByText(CONNECTIVITY_MESSAGES.ownersOnly)).toHaveCount(0);
  const owner = section(page).getByRole('form', { name: 'Property owner' });
  if (view.isOwner === false) {
    for (const label of ['Owner name', 'Owner phone', 'Owner email'])
      await expect(owner.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    await expect(owner.getByRole('button', { name: "Send the owner's contact" })).toBeEnabled();
  } else {
    await expect(owner).toHaveCount(0);
  }
  // An owner completes the section; a renter only once the owner's contact is sent.
  await expectAttributionRevealed(page, view.isOwner === true);
}

async function expectNoTribalQuestion({ page, expect }: StateCheckContext) {
  await expect(section(page)).toBeVisible();
  await expect(tribal(page)).toHaveCount(0);
  await expect(section(page).getByText(CONNECTIVITY_MESSAGES.tribalRequired)).toHaveCount(0);
}

const NOT_ASKED_AT_UTOPIA =
  'UTOPIA Fiber does not ask the tribal question (unreachable in this model; the Yellowstone walk shows it)';

export const residentialDetailsMapping: BrowserMapping = {
  machine: 'signup-residential-details',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    await walkToConnectivity(page, DEMO_ADDRESSES.utopiaOrderable);
  },
  events: {
    'ownership.chosen': residentialOwnersOnlyMapping.events['ownership.chosen'],
  },
  states: {
    'ownership.not answered': expectUtopiaOwnership,
    'ownership.owner': expectUtopiaOwnership,
    'ownership.renter': expectUtopiaOwnership,
    'tribal.not answered': expectNoTribalQuestion,
  },
  notShown: {
    'ownership.renter refused':
      'renters may order at UTOPIA Fiber (unreachable in this model; the Yellowstone walk shows it)',
    'tribal.member': NOT_ASKED_AT_UTOPIA,
    'tribal.not a member': NOT_ASKED_AT_UTOPIA,
  },
};
