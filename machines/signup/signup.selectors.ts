/**
 * What the signup page shows, computed from the wizard's snapshot: which sections are revealed,
 * the progress indicator, the section actors, and the first half's part of the order (for the
 * order summary and the submit of the second half).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SERVICE_CLASS, type ServiceActionType } from '#shared/constants';
import type { ServiceabilityDetails, ServiceOffering } from '#shared/signup/serviceability';
import type { ActivationActor } from './activation.machine.ts';
import type { AddressActor } from './address.machine.ts';
import type { attributionMachine } from './attribution.machine.ts';
import type { InstallationActor } from './installation.machine.ts';
import type { ResidentialDetailsActor } from './residential-details.machine.ts';
import type { ServicesActor } from './services.machine.ts';
import type { ConnectivityOrder, RouterOrder } from './services.selectors.ts';
import type { ConnectivitySummary, signupMachine } from './signup.machine.ts';
import type { formMachine } from '../forms/form.machine.ts';

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

export type RevealStage =
  | 'address'
  | 'customer details'
  | 'speed'
  | 'router'
  | 'connectivity details'
  | 'services complete';

const STAGES: readonly RevealStage[] = [
  'address',
  'customer details',
  'speed',
  'router',
  'connectivity details',
  'services complete',
];

export function selectRevealStage(snapshot: SignupSnapshot): RevealStage {
  if (!snapshot.matches('ordering')) return 'address';
  for (const stage of STAGES.slice(1).reverse()) {
    if (snapshot.matches({ ordering: { reveal: stage } } as never)) return stage;
  }
  return 'customer details';
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
  };
}

export function selectCustomerValid(snapshot: SignupSnapshot): boolean {
  return snapshot.matches('ordering') && snapshot.context.customer.valid;
}

/** Speed, router and the provider's connectivity details are all valid now. */
export function selectServicesValid(snapshot: SignupSnapshot): boolean {
  const { services, connectivity } = snapshot.context;
  return (
    snapshot.matches('ordering') &&
    (services?.speedValid ?? false) &&
    (services?.routerValid ?? false) &&
    connectivity.valid
  );
}

export interface ProgressStep {
  key: 'address' | 'customer' | 'speed' | 'router' | 'connectivity';
  label: string;
  done: boolean;
}

/** The progress indicator: the sections of the first half and whether each is done. */
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
  const tribal = snapshot.context.connectivity.customer_details?.is_tribal === true;
  return (
    found.offering.installation_fee_waived ||
    (found.offering.installation_fee_waived_for_tribal_members && tribal)
  );
}

/** The first half's part of the connectivity order (signup.md §3 "Connectivity order"). */
export interface SignupServicesOrder {
  service_class_id: number;
  service_action_type: ServiceActionType;
  address_id: number;
  provider: string;
  connectivity: ConnectivityOrder & {
    external_adid: number;
    early_signup: boolean;
    customer_details: ConnectivitySummary['customer_details'];
    drop_details: ConnectivitySummary['drop_details'];
    install_details: ConnectivitySummary['install_details'];
    desired_activation_date: string | null;
  };
  router: RouterOrder | null;
  voice: { service_class_id: number; service_action_type: ServiceActionType; contact: boolean };
  attribution: string | null;
}

/** The order as far as the first half decides it; null until an address can be ordered. */
export function selectServicesOrder(snapshot: SignupSnapshot): SignupServicesOrder | null {
  const found = selectServiceability(snapshot);
  const { services, connectivity, voice, attribution } = snapshot.context;
  if (!found || !services) return null;
  const { details, offering } = found;
  return {
    service_class_id: SERVICE_CLASS.residentialConnectivity,
    service_action_type: services.connectivity.service_action_type,
    address_id: details.address_id,
    provider: details.provider.name,
    connectivity: {
      ...services.connectivity,
      external_adid: details.address_id,
      early_signup: details.early_signup,
      customer_details: connectivity.customer_details,
      drop_details: connectivity.drop_details,
      install_details: connectivity.install_details,
      desired_activation_date: connectivity.desired_activation_date,
    },
    router: services.router,
    voice: {
      service_class_id: offering.voice.service_class_id,
      service_action_type: voice ? 'new' : 'none',
      contact: voice,
    },
    attribution: attribution.value,
  };
}

export function selectDisplayInline(snapshot: SignupSnapshot): boolean {
  return snapshot.context.params.displayInline;
}

export function selectVoiceRequested(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ ordering: { voice: 'requested' } });
}
