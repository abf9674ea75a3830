/**
 * Messages of the order: services, cart, payment and the order's failures (signup.md §5, §8): not needed by the first screen, so they load with the sections that show them.
 * One of the message modules beside `../messages.ts` (see its header).
 */
import { RATE_TERMS, type RatePeriod, type RateTerm } from '../constants.ts';
import type { SalesContacts } from '../messages/contacts.ts';

/** Titles and messages of the order placement (POST /self_signup and its helpers). */
export const ORDER_MESSAGES = {
  orderFailedTitle: 'Order not placed',
  idempotencyKeyRequired:
    'This request needs an Idempotency-Key header: one new key (16 to 128 letters, digits, "-" or "_") per signup attempt.',
  idempotencyKeyReused:
    'This signup attempt was already sent with different details. Please press Place order again.',
  addressNotOrderable:
    'Service cannot be ordered at this address right now. Please check the address or contact us.',
  orderMismatch: 'Your order does not match what this address offers. Please review your choices.',
  cardNotVerified: 'We could not verify your card. Please add your card again.',
  cardDetailsMismatch: 'The card details do not match the card you added. Please add it again.',
  cardProcessorUnavailable:
    'We could not reach our card processor. Please try again in a few minutes.',
  equipmentOutOfStock:
    'The equipment you chose has just run out. Please choose again, or call or chat with us.',
  preSignupNotFound: 'This signup link has expired or has already been used.',
  tooManyOrders: 'Too many signup attempts from your network. Please wait before trying again.',
  confirmationSubject: 'Your order is placed',
} as const;

/** Titles and messages of the serviceability API (address look-up, offering, slots, captcha). */
export const SERVICEABILITY_MESSAGES = {
  addressNotFound: 'We could not find that address.',
  serviceabilityNotFound: 'That address is not served under this service class.',
  providerMismatch: 'That address is not served by this provider.',
  rentersNotAllowedTitle: 'Renters not allowed',
  rentersNotAllowed: 'Only the owner of this home can order service at this address.',
  slotTakenTitle: 'Installation time taken',
  slotTaken: 'That installation time has just been taken. Please choose another time.',
  slotUnknown: 'That installation time does not exist.',
  captchaFailedTitle: 'Captcha check failed',
  availabilityContactAdded:
    "Thank you. We'll let you know when service becomes available at this address.",
} as const;

/** The order summary (signup.md §3 "Cart line" and "Order totals", portal.md §3 "Cart item"). */
export const CART_MESSAGES = {
  dueToday: 'Due today',
  dueLater: 'Due later upon installation and activation',
  taxedPart: 'Taxable',
  installationFeeWaived: 'Installation fee waived',
  speedNotOffered: 'That speed is not offered at this address. Please choose another speed.',
  routerNotAvailable:
    'The router is not available right now. Please call or chat with us to order it.',
  meshNotAvailable:
    'That many mesh extenders are not available right now. Please choose fewer, or call or chat with us.',
  meshNeedsRouter: 'Mesh extenders need the router. Please add the router first.',
  installationNotOffered:
    'That installation type is not offered at this address. Please choose another.',
} as const;

/** A line of another provider reads this instead of its amount. */
export function billedSeparatelyBy(providerLabel: string): string {
  return `billed separately by ${providerLabel}`;
}

/** A variable rate at its maximum; `amount` is already formatted, like "$15.00". */
export function upToValue(amount: string): string {
  return `Up to ${amount} value`;
}

/**
 * The label of a recurring total: "Monthly" (no end, from the first month), "Monthly for months
 * one to three", "Monthly for month one", "Monthly from month four". Terms are spelt as words.
 */
export function recurringTotalLabel(stretch: {
  rate_period: RatePeriod;
  from_period: number;
  rate_term: RateTerm | null;
}): string {
  const [adjective, unit] =
    stretch.rate_period === 'yearly' ? ['Yearly', 'year'] : ['Monthly', 'month'];
  const word = (n: number) => RATE_TERMS[n - 1] ?? String(n);
  if (stretch.rate_term === null) {
    return stretch.from_period <= 1
      ? adjective
      : `${adjective} from ${unit} ${word(stretch.from_period)}`;
  }
  const end = RATE_TERMS.indexOf(stretch.rate_term) + 1;
  return end === stretch.from_period
    ? `${adjective} for ${unit} ${word(end)}`
    : `${adjective} for ${unit}s ${word(stretch.from_period)} to ${word(end)}`;
}

/** Payment (signup.md §2 item 9, §4 "Payment", §5 "Bank form" and "Billing name"). */
export const PAYMENT_MESSAGES = {
  cardFormUnavailableTitle: 'Card form unavailable',
  cardFormUnavailable:
    'Cards cannot be added from this address of the site. Please open the site from its main address and try again.',
  cardProcessorUnavailable: 'We could not reach our card processor. Please try again in a moment.',
  cardNotVerified: 'That card could not be verified. Please add it again.',
  cardDeclined: 'The card was declined. Please use another card or pay from a bank account.',
  paymentMethod: 'Please choose card or bank account',
  cardRequired: 'Please add a card',
  autoPay: 'Please choose automatic monthly billing or manual payment',
  billingAddressChoice: 'Please choose the service address or a new billing address',
} as const;

/** Shown once a card is added (signup.md §4 "Payment"). */
export function cardEndingIn(lastFour: string): string {
  return `Card ending in ${lastFour}`;
}

/** A bank account is only ever shown by its last four digits. */
export function accountEndingIn(lastFour: string): string {
  return `Account ending in ${lastFour}`;
}

/** Router coverage (signup.md §9): devices and floor area, and when mesh extenders help. */
export function routerCoverageMessage(coverage: {
  devices: number;
  squareFeet: number;
  meshRecommendedAboveSquareFeet: number;
}): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `The XWi router covers up to ${n(coverage.devices)} devices and ${n(coverage.squareFeet)} sq ft. For homes larger than ${n(coverage.meshRecommendedAboveSquareFeet)} sq ft we recommend mesh extenders.`;
}

/** What adding the router costs a month on top of the chosen speed. */
export function routerAddsMonthly(amount: string): string {
  return `Adds ${amount}/mo to your plan.`;
}

/** Out of stock (signup.md §4): the choice is disabled with a message to call or chat. */
export function outOfStockMessage(item: string, sales: SalesContacts): string {
  return `${item} is out of stock right now. Please call us at ${sales.phone} or chat with us at ${sales.chatUrl} and we will help you.`;
}
