/**
 * The "utopia residential" section's registrations, each with a real provider's rules (the
 * catalogue's service classes; SAMPLE_DETAILS holds them): UTOPIA Fiber, which needs owner data
 * and lets renters order, and Yellowstone Fiber, where only owners may order and the tribal
 * question is asked.
 */
import type { CustomerDetailsRules } from '#shared/signup/connectivity-details';
import type { ProviderRequirements } from '#shared/signup/serviceability';
import { formMachine } from '../forms/form.machine.ts';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { residentialDetailsMachine } from './residential-details.machine.ts';
import { SAMPLE_DETAILS } from './samples.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  selectResidentialView,
  type ResidentialDetailsSnapshot,
} from './residential-details.selectors.ts';

/** The rules of the section, as a provider's serviceability details give them. */
function rulesOf(requirements: ProviderRequirements): CustomerDetailsRules {
  const { owner_data_required, renters_allowed, tribal_question_required, city_account_required } =
    requirements;
  return { owner_data_required, renters_allowed, tribal_question_required, city_account_required };
}

const OWNERSHIP_EVENTS = [
  sample('I own this home', { type: 'ownership.chosen', owner: true }),
  sample('I rent this home', { type: 'ownership.chosen', owner: false }),
] as const;

const TRIBAL_EVENTS = [
  sample('a tribal member', { type: 'tribal.answered', member: true }),
  sample('not a tribal member', { type: 'tribal.answered', member: false }),
] as const;

function project({ context }: ResidentialDetailsSnapshot) {
  return { owner: context.isOwner, tribal: context.isTribal };
}

function stateChecks(rules: CustomerDetailsRules) {
  return {
    'ownership.not answered': (snapshot: ResidentialDetailsSnapshot) => {
      expectThat(selectCustomerDetails(snapshot).is_owner === null, 'no ownership answer');
      expectThat(!selectResidentialValid(snapshot), 'the owner choice is required here');
    },
    'ownership.owner': (snapshot: ResidentialDetailsSnapshot) => {
      const details = selectCustomerDetails(snapshot);
      expectThat(details.is_owner === true && details.owner_name === '', 'an owner gives no owner');
      if (!rules.tribal_question_required)
        expectThat(selectResidentialValid(snapshot), 'an owner completes the section');
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
      if (rules.tribal_question_required)
        expectThat(!selectResidentialValid(snapshot), 'the tribal question is required here');
      else
        expectThat(
          !selectResidentialView(snapshot).askTribal &&
            selectCustomerDetails(snapshot).is_tribal === null,
          'the tribal question is not asked, and no answer is sent',
        );
    },
    'tribal.member': (snapshot: ResidentialDetailsSnapshot) => {
      expectThat(selectCustomerDetails(snapshot).is_tribal === true, 'is_tribal is true');
    },
    'tribal.not a member': (snapshot: ResidentialDetailsSnapshot) => {
      expectThat(selectCustomerDetails(snapshot).is_tribal === false, 'is_tribal is false');
    },
  };
}

/**
 * signup.md §5 "Owner and renter": where renters may not order only owners may proceed; the
 * tribal question (where it is asked) can be answered and the answer changed.
 */
function residentialDeclaration(rules: CustomerDetailsRules) {
  const ownership = {
    ownership: {
      'I own this home': { to: 'ownership.owner', with: { owner: true } },
      'I rent this home': {
        to: rules.renters_allowed ? 'ownership.renter' : 'ownership.renter refused',
        with: { owner: false },
      },
    },
  } as const;
  // Nothing answered yet: neither the ownership nor the tribal question.
  const start = {
    to: ['ownership.not answered', 'tribal.not answered'],
    with: { owner: null, tribal: null },
  };
  if (!rules.tribal_question_required) return { start, on: ownership };
  return {
    start,
    on: {
      ...ownership,
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

/** UTOPIA Fiber: owner data required, renters may order, no tribal question. */
const UTOPIA_RULES = rulesOf(SAMPLE_DETAILS.utopia.requirements);
/** Yellowstone Fiber: owners only, and the tribal question. */
const YELLOWSTONE_RULES = rulesOf(SAMPLE_DETAILS.yellowstone.requirements);

const NOT_ASKED =
  'UTOPIA Fiber does not ask the tribal question; signup-residential-owners-only walks it';

export const residentialDetailsModel = defineMachine({
  name: 'signup-residential-details',
  title: 'Signup: ownership where renters may order (UTOPIA Fiber)',
  description: `${DESCRIPTION} This walk is for UTOPIA Fiber, which needs owner data and lets renters order.`,
  machine: residentialDetailsMachine,
  input: {
    rules: UTOPIA_RULES,
    addressId: SAMPLE_DETAILS.utopia.address_id,
    providerId: 'utopia',
  },
  expect: residentialDeclaration(UTOPIA_RULES),
  events: OWNERSHIP_EVENTS,
  project,
  limit: 200,
  fakes: { actors: { ownerContactForm: formMachine, cityAccountForm: formMachine } },
  states: stateChecks(UTOPIA_RULES),
  unreachable: [
    {
      state: 'ownership.renter refused',
      reason: 'this provider lets renters order; signup-residential-owners-only walks it',
    },
    {
      transition: 'ownership › ownership.chosen → ownership.renter refused',
      reason: 'this provider lets renters order; signup-residential-owners-only walks it',
    },
    { state: 'tribal.member', reason: NOT_ASKED },
    { state: 'tribal.not a member', reason: NOT_ASKED },
    {
      transition:
        'tribal.not answered › tribal.answered [a tribal member answers the question] → tribal.member',
      reason: NOT_ASKED,
    },
    {
      transition:
        'tribal.not answered › tribal.answered [a non-member answers the question] → tribal.not a member',
      reason: NOT_ASKED,
    },
  ],
});

export const residentialOwnersOnlyModel = defineMachine({
  name: 'signup-residential-owners-only',
  title:
    'Signup: ownership where only owners may order, and the tribal question (Yellowstone Fiber)',
  description: `${DESCRIPTION} This walk is for Yellowstone Fiber, which takes orders from owners only and asks the tribal question.`,
  machine: residentialDetailsMachine,
  input: {
    rules: YELLOWSTONE_RULES,
    addressId: SAMPLE_DETAILS.yellowstone.address_id,
    providerId: 'yellowstone_fiber',
  },
  expect: residentialDeclaration(YELLOWSTONE_RULES),
  events: [...OWNERSHIP_EVENTS, ...TRIBAL_EVENTS],
  project,
  limit: 200,
  fakes: { actors: { ownerContactForm: formMachine, cityAccountForm: formMachine } },
  states: stateChecks(YELLOWSTONE_RULES),
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
