/**
 * The wizard's part of the order (docs/api.md "Signup order", `SignupOrderInput` without the
 * agreement and the captcha token, which the checkout adds): the account holder and credentials
 * with the service address, the connectivity order, attribution, payment and the pre-signup link.
 * Pure and small: the wizard (in the page's first load) uses it when Place order is pressed.
 */
import { SERVICE_CLASS, type ServiceActionType } from '#shared/first-load-constants';
import type { SignupOrderInput } from '#shared/signup/order';
import type { ServiceabilityDetails, ServiceOffering } from '#shared/signup/serviceability';
import type { AccountSummary } from './account.summary.ts';
import type { PaymentSummary } from './payment.summary.ts';
import type { ConnectivityOrder, RouterOrder, ServicesSummary } from './services.selectors.ts';
import type { ConnectivitySummary } from './wizard/types.ts';

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

/** What of the wizard's context the order is made from. */
export interface OrderSources {
  found: { details: ServiceabilityDetails; offering: ServiceOffering } | null;
  services: ServicesSummary | null;
  connectivity: ConnectivitySummary;
  voice: boolean;
  attribution: { value: string | null };
  account: AccountSummary | null;
  payment: PaymentSummary;
  /** The pre-signup link the wizard was opened with, when it loaded. */
  signupHash: string | null;
}

export function servicesOrderOf(sources: OrderSources): SignupServicesOrder | null {
  const { found, services, connectivity, voice, attribution } = sources;
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

export type SignupOrderParts = Omit<SignupOrderInput, 'agreement' | 'recaptcha_token'>;

/** The order as the wizard knows it, or null while a part is missing. */
export function signupOrderParts(sources: OrderSources): SignupOrderParts | null {
  const services = servicesOrderOf(sources);
  const { found, account, payment } = sources;
  if (!services || !found || !account || !payment.payment || !services.router) return null;
  const { details } = found;
  const { address_id: _address, provider: _provider, attribution, ...order } = services;
  return {
    customer: {
      ...account.customer,
      line1: details.line1,
      line2: details.line2,
      city: details.city,
      state: details.state,
      zip_code: details.zip_code,
    },
    order: {
      ...order,
      service_class_id: SERVICE_CLASS.residentialConnectivity,
      router: services.router,
    },
    attribution,
    payment: payment.payment,
    metadata: { signup_hash: sources.signupHash },
  };
}
