/**
 * What the signup page shows, computed from the wizard's snapshot: which sections are revealed,
 * the progress indicator, the section actors, and the first half's part of the order (for the
 * order summary and the submit of the second half).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CartChoices } from '#shared/cart/offering';
import { installationFeeWaived } from '#shared/signup/installation-fees';
import type { ServiceabilityDetails, ServiceOffering } from '#shared/signup/serviceability';
import type { AccountActor } from './account.machine.ts';
import type { ActivationActor } from './activation.machine.ts';
import type { AddressActor } from './address.machine.ts';
import type { attributionMachine } from './attribution.machine.ts';
import type { CheckoutActor } from './checkout.machine.ts';
import type { InstallationActor } from './installation.machine.ts';
import type { PaymentActor } from './payment.machine.ts';
import type { ResidentialDetailsActor } from './residential-details.machine.ts';
import type { ServicesActor } from './services.machine.ts';
import type { SignupLinkActor } from './signup-link.machine.ts';
import { selectLinkOpening } from './signup-link.selectors.ts';
import {
  servicesOrderOf,
  signupOrderParts,
  type SignupOrderParts,
  type SignupServicesOrder,
} from './order-parts.ts';
import { orderSourcesOf, servicesValid, type signupMachine } from './signup.machine.ts';
import type { formMachine } from '../forms/form.machine.ts';

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The states of the wizard's `ordering.reveal` region, in the order the page opens up. */
const REVEAL_STATES = [
  'customer details',
  'speed',
  'router',
  'connectivity details',
  'services complete',
] as const;

export type RevealStage = 'address' | (typeof REVEAL_STATES)[number];

const STAGES: readonly RevealStage[] = ['address', ...REVEAL_STATES];

export function selectRevealStage(snapshot: SignupSnapshot): RevealStage {
  if (!snapshot.matches('ordering')) return 'address';
  return (
    REVEAL_STATES.find((stage) => snapshot.matches({ ordering: { reveal: stage } })) ??
    'customer details'
  );
}

function reached(snapshot: SignupSnapshot, stage: RevealStage): boolean {
  return STAGES.indexOf(selectRevealStage(snapshot)) >= STAGES.indexOf(stage);
}

export type ConnectivityFormView =
  'utopia residential' | 'strata residential' | 'bonfire residential';

export interface RevealedSections {
  customer: boolean;
  speed: boolean;
  router: boolean;
  connectivity: ConnectivityFormView | null;
  voice: boolean;
  attribution: boolean;
  /** Account setup (its code loaded and every service valid). */
  account: boolean;
  /** The order summary and payment. */
  payment: boolean;
  /** Agree and Finish. */
  checkout: boolean;
}

export function selectConnectivityForm(snapshot: SignupSnapshot): ConnectivityFormView | null {
  for (const form of ['utopia residential', 'strata residential', 'bonfire residential'] as const) {
    if (snapshot.matches({ ordering: { connectivity: form } })) return form;
  }
  return null;
}

export function selectRevealed(snapshot: SignupSnapshot): RevealedSections {
  const connectivityShown = reached(snapshot, 'connectivity details');
  return {
    customer: reached(snapshot, 'customer details'),
    speed: reached(snapshot, 'speed'),
    router: reached(snapshot, 'router'),
    connectivity: connectivityShown ? selectConnectivityForm(snapshot) : null,
    voice: connectivityShown && !snapshot.matches({ ordering: { voice: 'not offered' } }),
    attribution: reached(snapshot, 'services complete') && !snapshot.context.attribution.skipped,
    account: snapshot.matches({ ordering: { account: 'shown' } }),
    payment: snapshot.matches({ ordering: { payment: 'shown' } }),
    checkout: snapshot.matches({ ordering: { checkout: 'shown' } }),
  };
}

/** The second half's code could not be loaded: a message with Try again shows. */
export function selectOrderSectionsFailed(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ ordering: { 'order sections': 'failed' } });
}

/** Why the pre-signup link could not be opened, or null. */
export function selectSignupLinkMessage(snapshot: SignupSnapshot): string | null {
  return snapshot.context.link.status === 'failed' ? snapshot.context.link.message : null;
}

/** The pre-signup link is being opened (by the wizard's `signupLink` child). */
export function selectOpeningSignupLink(snapshot: SignupSnapshot): boolean {
  const link = (snapshot.children as Record<string, unknown>).signupLink as
    SignupLinkActor | undefined;
  return link !== undefined && selectLinkOpening(link.getSnapshot());
}

export function selectAccountValid(snapshot: SignupSnapshot): boolean {
  return snapshot.context.account?.valid ?? false;
}

export function selectPaymentValid(snapshot: SignupSnapshot): boolean {
  return snapshot.context.payment.valid;
}

/**
 * Services, customer details, account and payment are all valid (the agreement is the
 * checkout's): Place order would hand the order over (the wizard's `the whole form is valid`).
 */
export function selectWholeFormValid(snapshot: SignupSnapshot): boolean {
  return snapshot.can({ type: 'order.place.pressed' });
}

/** The visitor answered yes to the tribal question. */
function tribalMember(snapshot: SignupSnapshot): boolean {
  return snapshot.context.connectivity.customer_details?.is_tribal === true;
}

/** What the order summary's cart is made from (src/shared/cart: offeringCart). */
export function selectCartChoices(snapshot: SignupSnapshot): CartChoices | null {
  const { services, connectivity } = snapshot.context;
  if (!snapshot.matches('ordering') || !services?.speed) return null;
  const router = services.router;
  return {
    speed_id: services.speed.speed_id,
    router: router?.service_action_type === 'new',
    mesh_quantity: router?.service_action_type === 'new' ? router.mesh_quantity : 0,
    installation_type: connectivity.install_details?.installation_type ?? null,
    tribal_member: tribalMember(snapshot),
  };
}

export function selectCustomerValid(snapshot: SignupSnapshot): boolean {
  return snapshot.matches('ordering') && snapshot.context.customer.valid;
}

/** Speed, router and the provider's connectivity details are all valid now. */
export function selectServicesValid(snapshot: SignupSnapshot): boolean {
  return snapshot.matches('ordering') && servicesValid(snapshot.context);
}

export interface ProgressStep {
  key: 'address' | 'customer' | 'speed' | 'router' | 'connectivity' | 'account' | 'payment';
  label: string;
  done: boolean;
}

/** The progress indicator: the sections of the signup and whether each is done. */
export function selectProgress(snapshot: SignupSnapshot): ProgressStep[] {
  const ordering = snapshot.matches('ordering');
  const { customer, services, connectivity } = snapshot.context;
  return [
    { key: 'address', label: 'Address', done: ordering },
    { key: 'customer', label: 'Your details', done: ordering && customer.valid },
    { key: 'speed', label: 'Speed', done: ordering && (services?.speedValid ?? false) },
    {
      key: 'router',
      label: 'Router',
      done: ordering && (services?.speedValid ?? false) && (services?.routerValid ?? false),
    },
    { key: 'connectivity', label: 'Installation details', done: ordering && connectivity.valid },
    { key: 'account', label: 'Account', done: ordering && selectAccountValid(snapshot) },
    { key: 'payment', label: 'Payment', done: ordering && selectPaymentValid(snapshot) },
  ];
}

export interface SignupActors {
  address: AddressActor | undefined;
  customer: ActorRefFrom<typeof formMachine> | undefined;
  services: ServicesActor | undefined;
  residential: ResidentialDetailsActor | undefined;
  installation: InstallationActor | undefined;
  activation: ActivationActor | undefined;
  attribution: ActorRefFrom<typeof attributionMachine> | undefined;
  account: AccountActor | undefined;
  payment: PaymentActor | undefined;
  checkout: CheckoutActor | undefined;
}

/** The section actors the views talk to (they restart with each new address). */
export function selectActors(snapshot: SignupSnapshot): SignupActors {
  const children = snapshot.children as Record<string, unknown>;
  const form = selectConnectivityForm(snapshot);
  const connectivity = children.connectivity;
  return {
    address: children.address as AddressActor | undefined,
    customer: children.customer as ActorRefFrom<typeof formMachine> | undefined,
    services: children.services as ServicesActor | undefined,
    residential:
      form === 'utopia residential' ? (connectivity as ResidentialDetailsActor) : undefined,
    installation: form === 'strata residential' ? (connectivity as InstallationActor) : undefined,
    activation: form === 'bonfire residential' ? (connectivity as ActivationActor) : undefined,
    attribution: children.attribution as ActorRefFrom<typeof attributionMachine> | undefined,
    account: children.account as AccountActor | undefined,
    payment: children.payment as PaymentActor | undefined,
    checkout: children.checkout as CheckoutActor | undefined,
  };
}

export function selectServiceability(snapshot: SignupSnapshot): {
  details: ServiceabilityDetails;
  offering: ServiceOffering;
} | null {
  const { address } = snapshot.context;
  return address.serviceable ? { details: address.details, offering: address.offering } : null;
}

/**
 * Installation fees show as waived for southern_ute and for self-identifying tribal members
 * (signup.md §9), as the address's offering says.
 */
export function selectInstallationFeeWaived(snapshot: SignupSnapshot): boolean {
  const found = selectServiceability(snapshot);
  if (!found) return false;
  return installationFeeWaived(found.offering, tribalMember(snapshot));
}

export type { SignupServicesOrder };

/** The order as far as the first half decides it; null until an address can be ordered. */
export function selectServicesOrder(snapshot: SignupSnapshot): SignupServicesOrder | null {
  return servicesOrderOf(orderSourcesOf(snapshot.context));
}

/** The wizard's whole part of the order (null while a part is missing). */
export function selectOrderParts(snapshot: SignupSnapshot): SignupOrderParts | null {
  return signupOrderParts(orderSourcesOf(snapshot.context));
}

export function selectDisplayInline(snapshot: SignupSnapshot): boolean {
  return snapshot.context.params.displayInline;
}

export function selectVoiceRequested(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ ordering: { voice: 'requested' } });
}
