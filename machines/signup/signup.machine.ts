/**
 * The signup wizard (signup.md §2 "Signup page", §4 "Progressive reveal"): one long page whose
 * sections appear as the visitor completes the ones before. Each section is its own actor:
 *
 * | id             | machine                                 | section                                   |
 * | -------------- | --------------------------------------- | ----------------------------------------- |
 * | `address`      | address.machine.ts                      | the serviceable-address search            |
 * | `customer`     | forms/form.machine.ts                   | customer details                          |
 * | `services`     | services.machine.ts                     | speed, router and mesh, connectivity action |
 * | `connectivity` | residential-details / installation / activation | the provider's connectivity form |
 * | `attribution`  | attribution.machine.ts                  | how the visitor heard about us            |
 *
 * The wizard follows every section through its snapshots (`onSnapshot`) and keeps a summary of
 * each (valid or not, and its part of the order). A new serviceable address starts the order
 * afresh: every section after the address restarts, so every output and validity resets.
 *
 * The reveal only moves forward while the address stays: address serviceable → customer details;
 * customer details valid → speed; speed chosen → router; router valid → connectivity details (and
 * voice where offered); all services valid → services complete (attribution; the account,
 * summary, payment and agreement of the second half hook in here, see `ordering`).
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import type { ProviderName } from '#shared/constants';
import type { CustomerDetails } from '#shared/signup/connectivity-details';
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import { formMachine, type FormInput, type FormValues } from '../forms/form.machine.ts';
import { selectFormValid, type FormSnapshot } from '../forms/form.selectors.ts';
import { activationMachine } from './activation.machine.ts';
import { selectActivationValid, type ActivationSnapshot } from './activation.selectors.ts';
import { addressMachine } from './address.machine.ts';
import {
  selectAddressOutcome,
  type AddressOutcome,
  type AddressSnapshot,
} from './address.selectors.ts';
import { attributionMachine } from './attribution.machine.ts';
import { selectAttributionValue, type AttributionSnapshot } from './attribution.selectors.ts';
import { installationMachine } from './installation.machine.ts';
import {
  selectDropDetails,
  selectInstallDetails,
  selectInstallationValid,
  type DropDetails,
  type InstallDetails,
  type InstallationSnapshot,
} from './installation.selectors.ts';
import { residentialDetailsMachine } from './residential-details.machine.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  type ResidentialDetailsSnapshot,
} from './residential-details.selectors.ts';
import { servicesMachine } from './services.machine.ts';
import {
  selectServicesSummary,
  type ServicesSnapshot,
  type ServicesSummary,
} from './services.selectors.ts';

/** The wizard's route parameters (signup.md §2 "Routes"). */
export interface SignupParams {
  /** The `components` comma list (path or query): the parts of the order the visitor came for. */
  components: readonly string[];
  /** A pre-signup link's hash: the second half prefills the wizard from it. */
  signupHash: string | null;
  /** `displayInline=true`: the page is embedded and draws no header of its own. */
  displayInline: boolean;
}

export interface SignupInput extends SignupParams {
  /** The earliest install or activation day (tomorrow in the service area), `YYYY-MM-DD`. */
  earliest: string;
}

/** The `components` entry that asks for the voice contact up front. */
export const VOICE_COMPONENT = 'voice';

export interface CustomerSummary {
  valid: boolean;
  values: FormValues;
}

/** The provider-specific part of the connectivity order. */
export interface ConnectivitySummary {
  valid: boolean;
  customer_details: CustomerDetails | null;
  drop_details: DropDetails | null;
  install_details: InstallDetails | null;
  desired_activation_date: string | null;
}

export interface AttributionSummary {
  value: string | null;
  skipped: boolean;
}

export interface SignupContext {
  params: SignupParams;
  earliest: string;
  address: AddressOutcome;
  customer: CustomerSummary;
  services: ServicesSummary | null;
  connectivity: ConnectivitySummary;
  voice: boolean;
  attribution: AttributionSummary;
}

export type SignupEvent = { type: 'voice.toggled'; checked: boolean };

const EMPTY_CUSTOMER: CustomerSummary = { valid: false, values: {} };
const EMPTY_CONNECTIVITY: ConnectivitySummary = {
  valid: false,
  customer_details: null,
  drop_details: null,
  install_details: null,
  desired_activation_date: null,
};
const EMPTY_ATTRIBUTION: AttributionSummary = { value: null, skipped: false };

/** The snapshot an `xstate.snapshot.<id>` event carries. */
function snapshotOf<T>(event: unknown): T {
  return (event as { snapshot: T }).snapshot;
}

/** The serviceable outcome of the wizard's address (the wizard only orders for one). */
function serviceable(context: SignupContext) {
  return context.address.serviceable ? context.address : null;
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    addressLookup: addressMachine,
    customerForm: formMachine,
    services: servicesMachine,
    residentialDetails: residentialDetailsMachine,
    installation: installationMachine,
    activation: activationMachine,
    attribution: attributionMachine,
  },
  actions: {
    'remember the address': assign({
      address: ({ event }) => selectAddressOutcome(snapshotOf<AddressSnapshot>(event)),
    }),
    'reset every section after the address': assign({
      customer: EMPTY_CUSTOMER,
      services: null,
      connectivity: EMPTY_CONNECTIVITY,
      voice: false,
      attribution: EMPTY_ATTRIBUTION,
    }),
    'remember customer details': assign({
      customer: ({ event }) => {
        const snapshot = snapshotOf<FormSnapshot>(event);
        return { valid: selectFormValid(snapshot), values: snapshot.context.values };
      },
    }),
    'remember services': assign({
      services: ({ event }) => selectServicesSummary(snapshotOf<ServicesSnapshot>(event)),
    }),
    'remember residential details': assign({
      connectivity: ({ event }) => {
        const snapshot = snapshotOf<ResidentialDetailsSnapshot>(event);
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectResidentialValid(snapshot),
          customer_details: selectCustomerDetails(snapshot),
        };
      },
    }),
    'remember installation': assign({
      connectivity: ({ event }) => {
        const snapshot = snapshotOf<InstallationSnapshot>(event);
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectInstallationValid(snapshot),
          drop_details: selectDropDetails(snapshot),
          install_details: selectInstallDetails(snapshot),
        };
      },
    }),
    'remember activation date': assign({
      connectivity: ({ event }) => {
        const snapshot = snapshotOf<ActivationSnapshot>(event);
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectActivationValid(snapshot),
          desired_activation_date: snapshot.context.date,
        };
      },
    }),
    'remember attribution': assign({
      attribution: ({ event }) => {
        const snapshot = snapshotOf<AttributionSnapshot>(event);
        return { value: selectAttributionValue(snapshot), skipped: snapshot.matches('skipped') };
      },
    }),
    'remember voice contact': assign({
      voice: ({ event }) => event.type === 'voice.toggled' && event.checked,
    }),
    'pre-check voice when the link asks for it': enqueueActions(({ context, enqueue }) => {
      if (context.params.components.includes(VOICE_COMPONENT)) {
        enqueue.raise({ type: 'voice.toggled', checked: true });
      }
    }),
  },
  guards: {
    'a new address can be ordered': ({ context, event }) => {
      const outcome = selectAddressOutcome(snapshotOf<AddressSnapshot>(event));
      return outcome.serviceable && serviceable(context)?.key !== outcome.key;
    },
    'the address is no longer orderable': ({ context, event }) =>
      context.address.serviceable &&
      !selectAddressOutcome(snapshotOf<AddressSnapshot>(event)).serviceable,
    'the customer details are valid': ({ context }) => context.customer.valid,
    'a speed is chosen': ({ context }) => context.services?.speedValid ?? false,
    'the router choice is complete': ({ context }) =>
      (context.services?.speedValid ?? false) && (context.services?.routerValid ?? false),
    'every service is valid': ({ context }) =>
      (context.services?.speedValid ?? false) &&
      (context.services?.routerValid ?? false) &&
      context.connectivity.valid,
    'the provider uses the utopia residential form': ({ context }) =>
      serviceable(context)?.details.form === 'utopia residential',
    'the provider uses the strata residential form': ({ context }) =>
      serviceable(context)?.details.form === 'strata residential',
    'voice is offered here': ({ context }) =>
      serviceable(context)?.offering.voice.available ?? false,
    'the voice box is checked': ({ event }) => event.type === 'voice.toggled' && event.checked,
    'the voice box is cleared': ({ event }) => event.type === 'voice.toggled' && !event.checked,
  },
}).createMachine({
  id: 'signup',
  description:
    'The one-page signup: each section appears once the ones before it are done; a new address starts the order again.',
  context: ({ input }) => ({
    params: {
      components: input.components,
      signupHash: input.signupHash,
      displayInline: input.displayInline,
    },
    earliest: input.earliest,
    address: { serviceable: false },
    customer: EMPTY_CUSTOMER,
    services: null,
    connectivity: EMPTY_CONNECTIVITY,
    voice: false,
    attribution: EMPTY_ATTRIBUTION,
  }),
  invoke: {
    id: 'address',
    src: 'addressLookup',
    onSnapshot: [
      {
        guard: 'a new address can be ordered',
        target: '.ordering',
        actions: ['remember the address', 'reset every section after the address'],
      },
      {
        guard: 'the address is no longer orderable',
        target: '.waiting for an address',
        actions: ['remember the address', 'reset every section after the address'],
      },
    ],
  },
  // The second half's pre-signup prefill (a signupHash) starts from here too.
  initial: 'waiting for an address',
  states: {
    'waiting for an address': {
      description: 'Only the address box shows until an address that can be ordered is found.',
    },
    ordering: {
      description:
        'The address can be ordered: the sections after it appear one by one. They all start afresh for each new address.',
      type: 'parallel',
      invoke: [
        {
          id: 'customer',
          src: 'customerForm',
          input: (): FormInput => ({ fields: SIGNUP_CUSTOMER_FIELDS }),
          onSnapshot: { actions: 'remember customer details' },
        },
        {
          id: 'services',
          src: 'services',
          input: ({ context }) => ({
            offering: serviceable(context)!.offering,
            available: serviceable(context)?.details.available ?? false,
          }),
          onSnapshot: { actions: 'remember services' },
        },
        {
          id: 'attribution',
          src: 'attribution',
          onSnapshot: { actions: 'remember attribution' },
        },
      ],
      states: {
        reveal: {
          description: 'How far the page has opened up. It only moves forward.',
          initial: 'customer details',
          states: {
            'customer details': {
              description: 'Customer details (name, email, phone, date of birth) show.',
              always: { guard: 'the customer details are valid', target: 'speed' },
            },
            speed: {
              description: 'The customer details were valid: the speed cards show.',
              always: { guard: 'a speed is chosen', target: 'router' },
            },
            router: {
              description: 'A speed was chosen: the XWi router section shows.',
              always: { guard: 'the router choice is complete', target: 'connectivity details' },
            },
            'connectivity details': {
              description:
                "The router choice was complete: the provider's connectivity section (and voice, where offered) shows.",
              always: { guard: 'every service is valid', target: 'services complete' },
            },
            'services complete': {
              description:
                'Every service was valid: the attribution question shows (the account, order summary, payment and agreement follow in the second half).',
            },
          },
        },
        connectivity: {
          description: "The provider's connectivity form.",
          initial: 'choosing the form',
          states: {
            'choosing the form': {
              description: 'Which form the provider of the address uses.',
              always: [
                {
                  guard: 'the provider uses the utopia residential form',
                  target: 'utopia residential',
                },
                {
                  guard: 'the provider uses the strata residential form',
                  target: 'strata residential',
                },
                { target: 'bonfire residential' },
              ],
            },
            'utopia residential': {
              description:
                'utopia, yellowstone_fiber, bountiful_fiber: ownership, tribal question, city utility account.',
              invoke: {
                id: 'connectivity',
                src: 'residentialDetails',
                input: ({ context }) => {
                  const { details } = serviceable(context)!;
                  return {
                    rules: details.requirements,
                    addressId: details.address_id,
                    providerId: details.provider.name as ProviderName,
                  };
                },
                onSnapshot: { actions: 'remember residential details' },
              },
            },
            'strata residential': {
              description:
                'lehi_fiber: installation type, date and time, and the fiber attach point.',
              invoke: {
                id: 'connectivity',
                src: 'installation',
                input: ({ context }) => {
                  const { details, offering } = serviceable(context)!;
                  return {
                    options: offering.installation_options,
                    needsOntInstall: details.needs_ont_install,
                    addressId: details.address_id,
                    providerId: details.provider.name as ProviderName,
                    drop: { latitude: details.drop_latitude, longitude: details.drop_longitude },
                    earliest: context.earliest,
                  };
                },
                onSnapshot: { actions: 'remember installation' },
              },
            },
            'bonfire residential': {
              description: 'southern_ute: the desired activation date.',
              invoke: {
                id: 'connectivity',
                src: 'activation',
                input: ({ context }) => ({
                  earliest: context.earliest,
                  earlySignup: serviceable(context)?.details.early_signup ?? false,
                }),
                onSnapshot: { actions: 'remember activation date' },
              },
            },
          },
        },
        voice: {
          description: 'The voice option: a checkbox to be contacted about voice service.',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Is voice offered at the address?',
              always: [
                {
                  guard: 'voice is offered here',
                  target: 'not requested',
                  actions: 'pre-check voice when the link asks for it',
                },
                { target: 'not offered' },
              ],
            },
            'not offered': {
              description: 'Voice is not offered here: no voice section.',
            },
            'not requested': {
              description:
                'The visitor has not asked to be contacted about voice (voice action none).',
              on: {
                'voice.toggled': {
                  guard: 'the voice box is checked',
                  target: 'requested',
                  actions: 'remember voice contact',
                },
              },
            },
            requested: {
              description: 'The visitor asked to be contacted about voice (voice action new).',
              on: {
                'voice.toggled': {
                  guard: 'the voice box is cleared',
                  target: 'not requested',
                  actions: 'remember voice contact',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SignupActor = ActorRefFrom<typeof signupMachine>;
