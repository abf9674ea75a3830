/**
 * The "utopia residential" section (utopia, yellowstone_fiber, bountiful_fiber; signup.md §2
 * item 5, §5 "Owner and renter"): ownership, the tribal question and the city utility account,
 * each asked only where the provider needs it. The rules are the shared ones
 * (`customerDetailsErrors` in src/shared/signup/connectivity-details.ts), as on the server.
 *
 * A renter (where renters are allowed) gives the property owner's name, phone and email; they are
 * sent with `POST /connectivity_clots/renter` (the form's `submit`, provided by the app) before the
 * section counts as complete. Where renters are not allowed only owners may proceed.
 */
import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';
import type { ProviderName } from '#shared/constants';
import {
  CityAccountIdSchema,
  CityCustomerIdSchema,
  OwnerContactSchema,
  type CustomerDetailsRules,
} from '#shared/signup/connectivity-details';
import { IdSchema, ProviderNameSchema } from '#shared/signup/serviceability';
import { formMachine, type FormInput } from '../forms/form.machine.ts';
import type { FormSnapshot } from '../forms/form.selectors.ts';

/**
 * The owner's contact form. `address_id` and `provider_id` ride along (not shown) so that its
 * submit is the whole `POST /connectivity_clots/renter` request.
 */
export const OWNER_CONTACT_FIELDS = {
  ...OwnerContactSchema.entries,
  address_id: IdSchema,
  provider_id: ProviderNameSchema,
} as const;

export const CITY_ACCOUNT_FIELDS = {
  city_customer_id: CityCustomerIdSchema,
  city_account_id: CityAccountIdSchema,
} as const;

export interface ResidentialDetailsInput {
  rules: CustomerDetailsRules;
  addressId: number;
  providerId: ProviderName;
}

export interface OwnerContactState {
  owner_name: string;
  owner_phone: string;
  owner_email: string;
  /** The owner's contact was sent (`POST /connectivity_clots/renter`) and not edited since. */
  sent: boolean;
}

export interface ResidentialDetailsContext extends ResidentialDetailsInput {
  isOwner: boolean | null;
  isTribal: boolean | null;
  ownerContact: OwnerContactState;
  city: { city_customer_id: string; city_account_id: string };
}

export type ResidentialDetailsEvent =
  | { type: 'ownership.chosen'; owner: boolean }
  | { type: 'tribal.answered'; member: boolean }
  /** The renter's owner-contact form and the city account form report their values. */
  | { type: 'xstate.snapshot.ownerContact'; snapshot: FormSnapshot }
  | { type: 'xstate.snapshot.cityAccount'; snapshot: FormSnapshot };

const EMPTY_OWNER_CONTACT: OwnerContactState = {
  owner_name: '',
  owner_phone: '',
  owner_email: '',
  sent: false,
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const residentialDetailsMachine = setup({
  types: {
    context: {} as ResidentialDetailsContext,
    events: {} as ResidentialDetailsEvent,
    input: {} as ResidentialDetailsInput,
  },
  actors: {
    /** The owner's contact; the app provides its `submit` (POST /connectivity_clots/renter). */
    ownerContactForm: formMachine,
    cityAccountForm: formMachine,
  },
  actions: {
    'remember ownership': assign({
      isOwner: ({ event }) => (event.type === 'ownership.chosen' ? event.owner : null),
    }),
    'remember tribal answer': assign({
      isTribal: ({ event }) => (event.type === 'tribal.answered' ? event.member : null),
    }),
    'forget owner contact': assign({ ownerContact: EMPTY_OWNER_CONTACT }),
    'copy owner contact': assign({
      ownerContact: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.ownerContact');
        const { snapshot } = event;
        const values = snapshot.context.values;
        return {
          owner_name: text(values.owner_name),
          owner_phone: text(values.owner_phone),
          owner_email: text(values.owner_email),
          sent: snapshot.matches('submitted'),
        };
      },
    }),
    'copy city account': assign({
      city: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.cityAccount');
        const values = event.snapshot.context.values;
        return {
          city_customer_id: text(values.city_customer_id),
          city_account_id: text(values.city_account_id),
        };
      },
    }),
  },
  guards: {
    'the visitor owns the home': ({ event }) => event.type === 'ownership.chosen' && event.owner,
    'renters may order': ({ context }) => context.rules.renters_allowed,
    'a tribal member answers the question': ({ context, event }) =>
      context.rules.tribal_question_required && event.type === 'tribal.answered' && event.member,
    'a non-member answers the question': ({ context, event }) =>
      context.rules.tribal_question_required && event.type === 'tribal.answered' && !event.member,
  },
}).createMachine({
  id: 'signupResidentialDetails',
  description:
    'Ownership, the tribal question and the city utility account, each asked only where the provider of the address needs it.',
  context: ({ input }) => ({
    ...input,
    isOwner: null,
    isTribal: null,
    ownerContact: EMPTY_OWNER_CONTACT,
    city: { city_customer_id: '', city_account_id: '' },
  }),
  invoke: {
    id: 'cityAccount',
    src: 'cityAccountForm',
    input: (): FormInput => ({ fields: CITY_ACCOUNT_FIELDS }),
    onSnapshot: { actions: 'copy city account' },
  },
  type: 'parallel',
  states: {
    ownership: {
      description: 'Does the visitor own the home or rent it?',
      initial: 'not answered',
      on: {
        'ownership.chosen': [
          {
            guard: 'the visitor owns the home',
            target: '.owner',
            actions: ['remember ownership', 'forget owner contact'],
          },
          { guard: 'renters may order', target: '.renter', actions: 'remember ownership' },
          { target: '.renter refused', actions: 'remember ownership' },
        ],
      },
      states: {
        'not answered': {
          description:
            'Not answered yet: required where the provider needs owner data, otherwise optional.',
        },
        owner: {
          description: 'The visitor owns the home.',
        },
        renter: {
          description:
            "The visitor rents: the owner's name, phone and email are needed and sent to the provider.",
          invoke: {
            id: 'ownerContact',
            src: 'ownerContactForm',
            input: ({ context }): FormInput => ({
              fields: OWNER_CONTACT_FIELDS,
              initialValues: { address_id: context.addressId, provider_id: context.providerId },
            }),
            onSnapshot: { actions: 'copy owner contact' },
          },
          exit: 'forget owner contact',
        },
        'renter refused': {
          description:
            'The visitor rents but this provider takes orders from owners only: the section cannot be completed.',
        },
      },
    },
    tribal: {
      description:
        'Is the visitor a member of a federally recognized tribe? Asked only where the provider demands it.',
      initial: 'not answered',
      states: {
        'not answered': {
          description: 'Not answered: required where the provider asks the question.',
          on: {
            'tribal.answered': [
              {
                guard: 'a tribal member answers the question',
                target: 'member',
                actions: 'remember tribal answer',
              },
              {
                guard: 'a non-member answers the question',
                target: 'not a member',
                actions: 'remember tribal answer',
              },
            ],
          },
        },
        member: {
          description:
            'A self-identifying tribal member: installation fees show as waived where the provider waives them.',
          on: {
            'tribal.answered': {
              guard: 'a non-member answers the question',
              target: 'not a member',
              actions: 'remember tribal answer',
            },
          },
        },
        'not a member': {
          description: 'Not a tribal member.',
          on: {
            'tribal.answered': {
              guard: 'a tribal member answers the question',
              target: 'member',
              actions: 'remember tribal answer',
            },
          },
        },
      },
    },
  },
});

export type ResidentialDetailsActor = ActorRefFrom<typeof residentialDetailsMachine>;
