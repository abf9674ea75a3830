/**
 * The wizard's context: where it starts, the empty summaries a new address resets to, and the
 * rules read from it (what the order is made from, which services are valid, the whole form).
 */
import { signupOrderParts, type OrderSources } from '../order-parts.ts';
import { NO_PAYMENT } from '../payment.summary.ts';
import { NO_LINK } from '../signup-link.machine.ts';
import type {
  AttributionSummary,
  ConnectivitySummary,
  CustomerSummary,
  SignupContext,
  SignupInput,
} from './types.ts';

export const EMPTY_CUSTOMER: CustomerSummary = { valid: false, values: {} };
export const EMPTY_CONNECTIVITY: ConnectivitySummary = {
  valid: false,
  customer_details: null,
  drop_details: null,
  install_details: null,
  desired_activation_date: null,
};
export const EMPTY_ATTRIBUTION: AttributionSummary = { value: null, skipped: false };

/** Every section after the address, empty: how the wizard starts, and what a new address resets. */
export const EMPTY_SECTIONS_AFTER_ADDRESS = {
  customer: EMPTY_CUSTOMER,
  services: null,
  connectivity: EMPTY_CONNECTIVITY,
  voice: false,
  attribution: EMPTY_ATTRIBUTION,
  sectionsReady: false,
  account: null,
  payment: NO_PAYMENT,
} satisfies Partial<SignupContext>;

/** The wizard's context when it starts: no address yet, every section empty. */
export function initialContext(input: SignupInput): SignupContext {
  return {
    params: {
      components: input.components,
      signupHash: input.signupHash,
      displayInline: input.displayInline,
    },
    earliest: input.earliest,
    address: { serviceable: false },
    ...EMPTY_SECTIONS_AFTER_ADDRESS,
    link: NO_LINK,
  };
}

/** The serviceable outcome of the wizard's address (the wizard only orders for one). */
export function serviceable(context: SignupContext) {
  return context.address.serviceable ? context.address : null;
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

export function routerChoiceComplete(context: SignupContext): boolean {
  return (context.services?.speedValid ?? false) && (context.services?.routerValid ?? false);
}

/** Speed, router and the provider's connectivity details are all valid. */
export function servicesValid(context: SignupContext): boolean {
  return routerChoiceComplete(context) && context.connectivity.valid;
}

/**
 * The whole form is valid (Place order hands the order over only then): services, customer
 * details, account and payment, and the order can be put together from them. The guard of
 * `order.place.pressed`; selectors ask it through `snapshot.can`.
 */
export function wholeFormValid(context: SignupContext): boolean {
  return (
    servicesValid(context) &&
    context.customer.valid &&
    (context.account?.valid ?? false) &&
    context.payment.valid &&
    signupOrderParts(orderSourcesOf(context)) !== null
  );
}
