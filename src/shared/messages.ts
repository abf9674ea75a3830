/**
 * Every user-facing message of the specification, to the letter, in one place.
 * Views, machines, server and tests import these; none of them re-types a message.
 *
 * Messages that only later pages show live in `messages/` beside this file (`account.ts`,
 * `portal.ts`, …) or in an area's folder (`signup/messages.ts`, `session/messages.ts`, …),
 * imported from there: a module is loaded with the first page that needs it, so the signup's
 * first screen does not carry the order's, the portal's or the session's.
 */
import { INSTALLATION_DAYS_AHEAD } from './first-load-constants.ts';
import type { SalesContacts } from './messages/contacts.ts';

export const FIELD_MESSAGES = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  dateOfBirth: 'Please enter a valid date of birth',
  firstName: 'Please enter a valid first name',
  middleInitial: 'Please enter a valid initial',
  lastName: 'Please enter a valid last name',
  companyName: 'Please enter a valid company name',
  address: 'Please enter a valid address',
  city: 'Please enter a valid city',
  state: 'Please enter a valid state',
  zip: 'Please enter a valid zip code',
  bankName: 'Please enter the name on the bank account',
  routingNumber: 'Please enter a valid routing number',
  accountNumber: 'Please enter a valid account number',
  accountType: 'Please select an account type',
  ownerName: 'Enter owner name',
  approvalName: 'Enter your name',
  cityAccountId: 'Enter account ID',
  cityCustomerId: 'Enter a valid integer',
  required: 'This field is required',
  /** Not from the spec: text with a NUL character or a broken surrogate pair. */
  unacceptableCharacter: 'This contains a character that cannot be accepted',
} as const;

export const ADDRESS_AVAILABILITY_CASES = [
  'disabled',
  'business',
  'in_service',
  'unavailable',
] as const;

export type AddressAvailabilityCase = (typeof ADDRESS_AVAILABILITY_CASES)[number];

const ADDRESS_AVAILABILITY_LEADS: Record<AddressAvailabilityCase, string> = {
  disabled: 'We ran into a problem checking service at this address.',
  business: 'This address appears to be a business.',
  in_service: 'This address is already in service through another provider.',
  unavailable: 'Service is not currently available at this address.',
};

/** signup.md §8: each unavailable case ends with the advice to contact sales by phone, chat or email. */
export function addressAvailabilityMessage(
  kind: AddressAvailabilityCase,
  sales: SalesContacts,
): string {
  return `${ADDRESS_AVAILABILITY_LEADS[kind]} Please contact our sales team by phone at ${sales.phone}, by chat at ${sales.chatUrl}, or by email at ${sales.email}.`;
}

/** portal.md §8, the error catalogue. Spellings are the specification's own. */
export const ERROR_MESSAGES = {
  routeDenied: 'You do not have permission to view this',
  timeout: 'Timed out when trying to contact server',
  noJsonBody: 'An internal server error occurred during the last request',
  unhandledNotification: 'An internal server error occured',
  accessDenied: 'You do not have the necessary permissions to perform this action',
  serverNotFound: 'Server not found',
  notAllProductsFetched: 'Not all products were fetched',
} as const;

/** Titles the server sends and the client recognises. */
export const ERROR_TITLES = {
  freshTokenRequired: 'Fresh Access Token Required',
  accessDenied: 'Access denied',
  logoutComplete: 'Logout complete',
  csrfFailed: 'CSRF check failed',
} as const;

/**
 * The app's own code could not be downloaded (a lost connection, a deployment replacing its files):
 * the specification shows no such message (docs/architecture.md "First load").
 */
export const APP_LOAD_MESSAGES = {
  title: 'This page could not be loaded',
  message: 'Please check your connection and try again.',
} as const;

/** Connectivity details of the signup (signup.md §5 "Owner and renter", "Installation"). */
export const CONNECTIVITY_MESSAGES = {
  ownershipRequired: 'Please tell us whether you own this home',
  ownersOnly: 'Only the owner of this home can order service at this address',
  tribalRequired: 'Please answer whether you are a member of a federally recognized tribe',
  installationType: 'Please choose an installation type',
  installationDate: 'Please choose an installation date',
  installationTime: 'Please choose an installation time',
  activationDate: 'Please choose an activation date',
  dateFromTomorrow: 'Please choose a date from tomorrow on',
  installationBeyondHorizon: `Please choose an installation time within the next ${INSTALLATION_DAYS_AHEAD} days`,
} as const;

/** The signup wizard's own messages (signup.md §2 "Signup page", §4, §9). */
export const SIGNUP_WIZARD_MESSAGES = {
  noSuggestions: 'No matching addresses. Keep typing the street address.',
  checkingAddress: 'Checking service at this address…',
  addressServiceable: 'Great news: fiber service is available at this address.',
  earlySignup:
    'Our network is still being built here. Sign up now and we will connect you as soon as it is ready.',
  addressUnavailableTitle: 'Service is not available at this address yet',
  contactListIntro:
    "Leave your details and we'll let you know when service becomes available at this address.",
  chooseMatchTitle: 'Which address is yours?',
  chooseMatchIntro: 'Several addresses at this location can be served. Choose yours.',
  routerBundled:
    '10 Gbps service includes the XWi router: it is what makes these speeds possible in your home.',
  /** The router of a speed that bundles it (10 Gbps): its price is in the plan's. */
  routerIncluded: 'Included with your plan.',
  ownerContactSent: "Thank you. We sent the owner's contact to the network provider.",
  feesWaived: 'Waived',
  noInstallationTimes:
    'No installation times are free for this type in the next weeks. Please choose the other type or call us.',
} as const;

/** The signup's second half: account, payment, Agree and Finish (signup.md §2 items 8-10, §4). */
export const SIGNUP_ORDER_MESSAGES = {
  usernameAvailable: 'That username is available.',
  usernameCheckFailed: 'We could not check whether that username is free. Please try again.',
  sectionsUnavailable:
    'The rest of the signup could not be loaded. Please check your connection and try again.',
  captchaFirst: 'Please confirm you are not a robot first',
  placingOrder: 'Placing your order…',
  orderPlaced: 'Your order is placed. Signing you in…',
  completeFormFirst: 'Please complete every section above first',
  cardFormFailed: 'The card form could not be opened. Please try again.',
} as const;

/**
 * What screen readers hear when the wizard reveals sections (signup.md §2: each scrolling into
 * view when revealed), naming them in page order.
 */
export function sectionsRevealedAnnouncement(titles: readonly string[]): string {
  if (titles.length === 1) return `New section below: ${titles[0]}.`;
  return `New sections below: ${titles.join(', ')}.`;
}

/** What screen readers hear about the suggestion list. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return SIGNUP_WIZARD_MESSAGES.noSuggestions;
  if (count === 1) return '1 address suggestion available. Press the down arrow key to choose it.';
  return `${count} address suggestions available. Use the up and down arrow keys to choose.`;
}
