/**
 * The "utopia residential" section's registrations: a provider that asks everything and lets
 * renters order, and one where only owners may order.
 */
import type { CustomerDetailsRules } from '#shared/signup/connectivity-details';
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { residentialDetailsMachine } from './residential-details.machine.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  selectResidentialView,
  type ResidentialDetailsSnapshot,
} from './residential-details.selectors.ts';

const EVERYTHING_ASKED: CustomerDetailsRules = {
  owner_data_required: true,
  renters_allowed: true,
  tribal_question_required: true,
  city_account_required: true,
};

const EVENTS = [
  sample('I own this home', { type: 'ownership.chosen', owner: true }),
  sample('I rent this home', { type: 'ownership.chosen', owner: false }),
  sample('a tribal member', { type: 'tribal.answered', member: true }),
  sample('not a tribal member', { type: 'tribal.answered', member: false }),
] as const;

function project({ context }: ResidentialDetailsSnapshot) {
  return { owner: context.isOwner, tribal: context.isTribal };
}

const STATE_CHECKS = {
  'ownership.not answered': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(selectCustomerDetails(snapshot).is_owner === null, 'no ownership answer');
    expectThat(!selectResidentialValid(snapshot), 'the owner choice is required here');
  },
  'ownership.owner': (snapshot: ResidentialDetailsSnapshot) => {
    const details = selectCustomerDetails(snapshot);
    expectThat(details.is_owner === true && details.owner_name === '', 'an owner gives no owner');
  },
  'ownership.renter': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(snapshot.children.ownerContact !== undefined, "the owner's contact form shows");
    expectThat(!selectResidentialValid(snapshot), "the owner's contact is needed first");
  },
  'ownership.renter refused': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(selectResidentialView(snapshot).renterRefused, 'only owners may proceed');
    expectThat(!selectResidentialValid(snapshot), 'the section cannot be completed');
  },
  'tribal.not answered': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(snapshot.context.isTribal === null, 'no tribal answer');
    expectThat(!selectResidentialValid(snapshot), 'the tribal question is required here');
  },
  'tribal.member': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(selectCustomerDetails(snapshot).is_tribal === true, 'is_tribal is true');
  },
  'tribal.not a member': (snapshot: ResidentialDetailsSnapshot) => {
    expectThat(selectCustomerDetails(snapshot).is_tribal === false, 'is_tribal is false');
  },
};

/**
 * signup.md §5 "Owner and renter": where renters may not order only owners may proceed; the
 * tribal question's answer can be changed.
 */
function residentialDeclaration(rentersAllowed: boolean) {
  return {
    on: {
      ownership: {
        'I own this home': { to: 'ownership.owner', with: { owner: true } },
        'I rent this home': {
          to: rentersAllowed ? 'ownership.renter' : 'ownership.renter refused',
          with: { owner: false },
        },
      },
      'tribal.not answered': {
        'a tribal member': { to: 'tribal.member', with: { tribal: true } },
        'not a tribal member': { to: 'tribal.not a member', with: { tribal: false } },
      },
      'tribal.member': {
        'a tribal member': 'ignored',
        'not a tribal member': { to: 'tribal.not a member', with: { tribal: false } },
      },
      'tribal.not a member': {
        'a tribal member': { to: 'tribal.member', with: { tribal: true } },
        'not a tribal member': 'ignored',
      },
    },
  };
}

const DESCRIPTION =
  'UTOPIA Fiber, Yellowstone Fiber and Bountiful Fiber addresses ask whether the visitor owns or ' +
  'rents the home (required where the provider needs owner data). A renter gives the owner’s ' +
  'name, phone and email, which are sent to the provider; where renters may not order, only an ' +
  'owner can go on. Some providers ask whether the visitor is a member of a federally recognized ' +
  'tribe (fees may then show as waived), and Bountiful asks for the city utility account.';

export const residentialDetailsModel = defineMachine({
  name: 'signup-residential-details',
  title: 'Signup: ownership, tribal question, city account (utopia residential)',
  description: DESCRIPTION,
  machine: residentialDetailsMachine,
  input: { rules: EVERYTHING_ASKED, addressId: 11, providerId: 'bountiful_fiber' },
  expect: residentialDeclaration(true),
  events: EVENTS,
  project,
  limit: 200,
  fakes: { actors: { ownerContactForm: formMachine, cityAccountForm: formMachine } },
  states: STATE_CHECKS,
  unreachable: [
    {
      state: 'ownership.renter refused',
      reason: 'this provider lets renters order; signup-residential-owners-only walks it',
    },
    {
      transition: 'ownership › ownership.chosen → ownership.renter refused',
      reason: 'this provider lets renters order; signup-residential-owners-only walks it',
    },
  ],
});

export const residentialOwnersOnlyModel = defineMachine({
  name: 'signup-residential-owners-only',
  title: 'Signup: ownership where only owners may order',
  description: `${DESCRIPTION} This walk is for a provider that takes orders from owners only.`,
  machine: residentialDetailsMachine,
  input: {
    rules: { ...EVERYTHING_ASKED, renters_allowed: false },
    addressId: 10,
    providerId: 'yellowstone_fiber',
  },
  expect: residentialDeclaration(false),
  events: EVENTS,
  project,
  limit: 200,
  fakes: { actors: { ownerContactForm: formMachine, cityAccountForm: formMachine } },
  states: STATE_CHECKS,
  unreachable: [
    {
      state: 'ownership.renter',
      reason: 'renters may not order here; signup-residential-details walks it',
    },
    {
      transition: 'ownership › ownership.chosen [renters may order] → ownership.renter',
      reason: 'renters may not order here; signup-residential-details walks it',
    },
  ],
});
