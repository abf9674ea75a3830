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
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { ProviderName } from '#shared/constants';
import type { CustomerDetails } from '#shared/signup/connectivity-details';
import type { PreSignup } from '#shared/signup/order';
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import { formMachine, type FormInput, type FormValues } from '../forms/form.machine.ts';
import { selectFormValid, type FormSnapshot } from '../forms/form.selectors.ts';
import type { accountMachine } from './account.machine.ts';
import { accountSummary, type AccountSummary } from './account.summary.ts';
import { activationMachine } from './activation.machine.ts';
import { selectActivationValid, type ActivationSnapshot } from './activation.selectors.ts';
import { addressMachine } from './address.machine.ts';
import {
  selectAddressOutcome,
  type AddressOutcome,
  type AddressSnapshot,
} from './address.selectors.ts';
import { attributionMachine } from './attribution.machine.ts';
import type { checkoutMachine } from './checkout.machine.ts';
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
import { lazyLogic } from './lazy.ts';
import { signupOrderParts, type OrderSources } from './order-parts.ts';
import type { paymentMachine } from './payment.machine.ts';
import { NO_PAYMENT, paymentSummary, type PaymentSummary } from './payment.summary.ts';
import { residentialDetailsMachine } from './residential-details.machine.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  type ResidentialDetailsSnapshot,
} from './residential-details.selectors.ts';
import { bundlesRouter, servicesMachine, speedOption } from './services.machine.ts';
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

/** The pre-signup link of the route (signupHash): loaded once, applied once ordering starts. */
export interface SignupLink {
  status: 'none' | 'loaded' | 'failed';
  /** What the link prefills, until it is applied. */
  prefill: PreSignup | null;
  /** Why the link could not be opened (the server's message). */
  message: string | null;
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
  /** The second half's code (account, payment, checkout) has loaded. */
  sectionsReady: boolean;
  account: AccountSummary | null;
  payment: PaymentSummary;
  link: SignupLink;
}

export type SignupEvent =
  | { type: 'voice.toggled'; checked: boolean }
  /** Place order was pressed. */
  | { type: 'order.place' }
  /** Try loading the second half's code again. */
  | { type: 'sections.retry' }
  /** Internal: ordering started with a pre-signup link to apply. */
  | { type: 'signup link.apply' }
  /** The customer form's snapshots (its invoke follows them; the account region does too). */
  | { type: 'xstate.snapshot.customer'; snapshot: FormSnapshot }
  /** The other sections' snapshots, which the wizard follows. */
  | { type: 'xstate.snapshot.address'; snapshot: AddressSnapshot }
  | { type: 'xstate.snapshot.services'; snapshot: ServicesSnapshot }
  | {
      type: 'xstate.snapshot.connectivity';
      snapshot: ResidentialDetailsSnapshot | InstallationSnapshot | ActivationSnapshot;
    }
  | { type: 'xstate.snapshot.attribution'; snapshot: AttributionSnapshot }
  | { type: 'xstate.snapshot.account'; snapshot: SnapshotFrom<typeof accountMachine> }
  | { type: 'xstate.snapshot.payment'; snapshot: SnapshotFrom<typeof paymentMachine> }
  /** What the pre-signup link prefills, or why it could not be opened. */
  | { type: 'xstate.done.actor.preSignup'; output: PreSignup }
  | { type: 'xstate.error.actor.preSignup'; error: unknown };

/**
 * The second half's machines, loaded when an address can be ordered (never in the page's first
 * load). The app provides its own (with their HTTP calls), made the same way.
 */
export const ORDER_SECTION_LOGIC = {
  account: lazyLogic<typeof accountMachine>(
    'account',
    async () => (await import('./account.machine.ts')).accountMachine,
  ),
  payment: lazyLogic<typeof paymentMachine>(
    'payment',
    async () => (await import('./payment.machine.ts')).paymentMachine,
  ),
  checkout: lazyLogic<typeof checkoutMachine>(
    'checkout',
    async () => (await import('./checkout.machine.ts')).checkoutMachine,
  ),
};

const EMPTY_CUSTOMER: CustomerSummary = { valid: false, values: {} };
const EMPTY_CONNECTIVITY: ConnectivitySummary = {
  valid: false,
  customer_details: null,
  drop_details: null,
  install_details: null,
  desired_activation_date: null,
};
const EMPTY_ATTRIBUTION: AttributionSummary = { value: null, skipped: false };
const NO_LINK: SignupLink = { status: 'none', prefill: null, message: null };

/** The serviceable outcome of the wizard's address (the wizard only orders for one). */
function serviceable(context: SignupContext) {
  return context.address.serviceable ? context.address : null;
}

function messageOf(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/** What the order is made from (order-parts.ts). */
export function orderSourcesOf(context: SignupContext): OrderSources {
  const found = serviceable(context);
  return {
    found: found ? { details: found.details, offering: found.offering } : null,
    services: context.services,
    connectivity: context.connectivity,
    voice: context.voice,
    attribution: context.attribution,
    account: context.account,
    payment: context.payment,
    signupHash: context.link.status === 'loaded' ? context.params.signupHash : null,
  };
}

function routerChoiceComplete(context: SignupContext): boolean {
  return (context.services?.speedValid ?? false) && (context.services?.routerValid ?? false);
}

/** Speed, router and the provider's connectivity details are all valid. */
export function servicesValid(context: SignupContext): boolean {
  return routerChoiceComplete(context) && context.connectivity.valid;
}

/**
 * The whole form is valid (Place order hands the order over only then): services, customer
 * details, account and payment, and the order can be put together from them. The guard of
 * `order.place`; selectors ask it through `snapshot.can`.
 */
function wholeFormValid(context: SignupContext): boolean {
  return (
    servicesValid(context) &&
    context.customer.valid &&
    (context.account?.valid ?? false) &&
    context.payment.valid &&
    signupOrderParts(orderSourcesOf(context)) !== null
  );
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
    // Typed as the machines themselves: the app provides its own (lazy) implementations.
    account: ORDER_SECTION_LOGIC.account as typeof accountMachine,
    payment: ORDER_SECTION_LOGIC.payment as typeof paymentMachine,
    checkout: ORDER_SECTION_LOGIC.checkout as typeof checkoutMachine,
    /** Loads the second half's code (its own chunks in the browser). */
    loadOrderSections: fromPromise(async () => {
      await Promise.all(Object.values(ORDER_SECTION_LOGIC).map((logic) => logic.load()));
    }),
    /** GET /self_signup/pre_signup/{signupHash}: what a pre-signup link prefills. */
    getPreSignup: fromPromise<PreSignup, { signupHash: string }>(async () => {
      throw new Error('getPreSignup is provided by the app');
    }),
  },
  actions: {
    'remember the address': assign({
      address: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.address');
        return selectAddressOutcome(event.snapshot);
      },
    }),
    'reset every section after the address': assign({
      customer: EMPTY_CUSTOMER,
      services: null,
      connectivity: EMPTY_CONNECTIVITY,
      voice: false,
      attribution: EMPTY_ATTRIBUTION,
      sectionsReady: false,
      account: null,
      payment: NO_PAYMENT,
    }),
    'remember customer details': assign({
      customer: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.customer');
        const { snapshot } = event;
        return { valid: selectFormValid(snapshot), values: snapshot.context.values };
      },
    }),
    'remember services': assign({
      services: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.services');
        return selectServicesSummary(event.snapshot);
      },
    }),
    'remember residential details': assign({
      connectivity: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as ResidentialDetailsSnapshot;
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectResidentialValid(snapshot),
          customer_details: selectCustomerDetails(snapshot),
        };
      },
    }),
    'remember installation': assign({
      connectivity: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as InstallationSnapshot;
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
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as ActivationSnapshot;
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectActivationValid(snapshot),
          desired_activation_date: snapshot.context.date,
        };
      },
    }),
    'remember attribution': assign({
      attribution: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.attribution');
        const { snapshot } = event;
        return { value: selectAttributionValue(snapshot), skipped: snapshot.matches('skipped') };
      },
    }),
    'remember the sections are ready': assign({ sectionsReady: true }),
    'remember the account': assign({
      account: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.account');
        return accountSummary(event.snapshot.context);
      },
    }),
    'remember the payment': assign({
      payment: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.payment');
        return paymentSummary(event.snapshot.context);
      },
    }),
    'tell the account about the customer details': enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.customer');
      const { snapshot } = event;
      // Only checked values: the account holder follows once typing has paused.
      if (snapshot.context.pending.length > 0) return;
      enqueue.sendTo('account', {
        type: 'customer details changed',
        values: snapshot.context.values,
      });
    }),
    'hand the order to the checkout': sendTo('checkout', ({ context }) => ({
      type: 'order.ready' as const,
      order: signupOrderParts(orderSourcesOf(context))!,
    })),
    'remember the signup link': assign({
      link: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.preSignup');
        return { status: 'loaded' as const, prefill: event.output ?? null, message: null };
      },
    }),
    'remember the signup link failed': assign({
      link: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.preSignup');
        return { status: 'failed' as const, prefill: null, message: messageOf(event.error) };
      },
    }),
    'check the address of the signup link': sendTo('address', ({ event }) => {
      assertEvent(event, 'xstate.done.actor.preSignup');
      const { address } = event.output;
      return {
        type: 'address.prefilled' as const,
        addressId: address.address_id,
        serviceClassId: address.service_class_id,
        formatted: address.formatted_address,
      };
    }),
    'apply the signup link once ordering starts': enqueueActions(({ context, enqueue }) => {
      if (context.link.prefill) enqueue.raise({ type: 'signup link.apply' });
    }),
    'fill in from the signup link': enqueueActions(({ context, enqueue }) => {
      const prefill = context.link.prefill;
      const found = serviceable(context);
      enqueue.assign({ link: { ...context.link, prefill: null } });
      if (!prefill || found?.details.address_id !== prefill.address.address_id) return;
      enqueue.sendTo('customer', { type: 'fill', values: { ...prefill.customer } });
      const { speed_id: speedId, router, mesh_quantity: mesh, voice } = prefill.services;
      if (speedId) {
        enqueue.sendTo('services', { type: 'speed.chosen', speedId });
        if (bundlesRouter(speedOption(found.offering, speedId))) {
          enqueue.sendTo('services', {
            type: router ? 'router.bundle.accepted' : 'router.bundle.declined',
          });
        } else {
          enqueue.sendTo('services', { type: 'router.chosen', wanted: router });
        }
        if (router) enqueue.sendTo('services', { type: 'mesh.chosen', quantity: mesh });
      }
      if (voice) enqueue.raise({ type: 'voice.toggled', checked: true });
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
      assertEvent(event, 'xstate.snapshot.address');
      const outcome = selectAddressOutcome(event.snapshot);
      return outcome.serviceable && serviceable(context)?.key !== outcome.key;
    },
    'the address is no longer orderable': ({ context, event }) => {
      assertEvent(event, 'xstate.snapshot.address');
      return context.address.serviceable && !selectAddressOutcome(event.snapshot).serviceable;
    },
    'the customer details are valid': ({ context }) => context.customer.valid,
    'a speed is chosen': ({ context }) => context.services?.speedValid ?? false,
    'the router choice is complete': ({ context }) => routerChoiceComplete(context),
    'every service is valid': ({ context }) => servicesValid(context),
    'the provider uses the utopia residential form': ({ context }) =>
      serviceable(context)?.details.form === 'utopia residential',
    'the provider uses the strata residential form': ({ context }) =>
      serviceable(context)?.details.form === 'strata residential',
    'voice is offered here': ({ context }) =>
      serviceable(context)?.offering.voice.available ?? false,
    'a signup link is to be opened': ({ context }) =>
      context.params.signupHash !== null && context.link.status === 'none',
    'the services are complete': ({ context }) => context.sectionsReady && servicesValid(context),
    'the services and customer details are complete': ({ context }) =>
      context.sectionsReady && servicesValid(context) && context.customer.valid,
    'the payment is complete too': ({ context }) =>
      context.sectionsReady &&
      servicesValid(context) &&
      context.customer.valid &&
      context.payment.valid,
    'the whole form is valid': ({ context }) => wholeFormValid(context),
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
    sectionsReady: false,
    account: null,
    payment: NO_PAYMENT,
    link: NO_LINK,
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
  initial: 'waiting for an address',
  states: {
    'waiting for an address': {
      description: 'Only the address box shows until an address that can be ordered is found.',
      initial: 'looking for a signup link',
      states: {
        'looking for a signup link': {
          description: 'Did the visitor come with a pre-signup link (signupHash) not yet opened?',
          always: [
            { guard: 'a signup link is to be opened', target: 'opening the signup link' },
            { target: 'address box' },
          ],
        },
        'opening the signup link': {
          description:
            'Getting what the link prefills; then its address is checked as if the visitor had chosen it.',
          invoke: {
            id: 'preSignup',
            src: 'getPreSignup',
            input: ({ context }) => ({ signupHash: context.params.signupHash ?? '' }),
            onDone: {
              target: 'address box',
              actions: ['remember the signup link', 'check the address of the signup link'],
            },
            onError: { target: 'address box', actions: 'remember the signup link failed' },
          },
        },
        'address box': {
          description:
            'The address box waits for an address (an unknown or used link says so above it).',
        },
      },
    },
    ordering: {
      description:
        'The address can be ordered: the sections after it appear one by one. They all start afresh for each new address.',
      type: 'parallel',
      entry: 'apply the signup link once ordering starts',
      on: {
        'signup link.apply': { actions: 'fill in from the signup link' },
      },
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
                'Every service was valid: the attribution question shows (the account, order summary, payment and agreement follow in their own regions).',
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
        'order sections': {
          description:
            'The code of the account, payment and agreement sections loads in the background.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Loading (the page shows nothing of it unless it fails).',
              invoke: {
                id: 'loadOrderSections',
                src: 'loadOrderSections',
                onDone: { target: 'ready', actions: 'remember the sections are ready' },
                onError: 'failed',
              },
            },
            ready: {
              description: 'Loaded: the sections can appear.',
            },
            failed: {
              description: 'Could not be loaded (network): a message with Try again shows.',
              on: { 'sections.retry': 'loading' },
            },
          },
        },
        account: {
          description: 'Account setup: the account holder, then the username and password.',
          initial: 'waiting for the services',
          states: {
            'waiting for the services': {
              description: 'Hidden until every service is valid.',
              always: { guard: 'the services are complete', target: 'shown' },
            },
            shown: {
              description:
                'Account setup shows (and stays shown). Its holder follows later edits of the customer details.',
              invoke: {
                id: 'account',
                src: 'account',
                input: ({ context }) => ({ customer: context.customer.values }),
                onSnapshot: { actions: 'remember the account' },
              },
              on: {
                // This handler hides the one on `ordering` while the account shows (the inner
                // state's transition wins), so it remembers the customer details too.
                'xstate.snapshot.customer': {
                  actions: [
                    'remember customer details',
                    'tell the account about the customer details',
                  ],
                },
              },
            },
          },
        },
        payment: {
          description: 'The order summary and the payment method.',
          initial: 'waiting for services and customer',
          states: {
            'waiting for services and customer': {
              description: 'Hidden until the services and the customer details are valid.',
              always: { guard: 'the services and customer details are complete', target: 'shown' },
            },
            shown: {
              description: 'The order summary and payment show (and stay shown).',
              invoke: {
                id: 'payment',
                src: 'payment',
                input: ({ context }) => ({
                  accountName:
                    `${String(context.customer.values.fname ?? '')} ${String(context.customer.values.lname ?? '')}`.trim(),
                }),
                onSnapshot: { actions: 'remember the payment' },
              },
            },
          },
        },
        checkout: {
          description: 'Agree and Finish: the terms, "I agree", the captcha and Place order.',
          initial: 'waiting for the payment',
          states: {
            'waiting for the payment': {
              description: 'Hidden until the payment is valid too.',
              always: { guard: 'the payment is complete too', target: 'shown' },
            },
            shown: {
              description:
                'Agree and Finish shows. Place order hands the order over once the whole form (services, customer, account, payment) is valid.',
              invoke: { id: 'checkout', src: 'checkout' },
              on: {
                'order.place': {
                  guard: 'the whole form is valid',
                  actions: 'hand the order to the checkout',
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
