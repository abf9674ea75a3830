/**
 * Every user-facing message of the specification, to the letter, in one place.
 * Views, machines, server and tests import these; none of them re-types a message.
 */
import {
  DISPLAY_ADDRESS_MAX_LENGTH,
  INSTALLATION_DAYS_AHEAD,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATE_TERMS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type RatePeriod,
  type RateTerm,
} from './constants.ts';

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

export const USERNAME_MESSAGES = {
  firstCharacter: 'Usernames must begin with a lowercase letter',
  tooShort: `Usernames must be at least ${USERNAME_MIN_LENGTH} characters long`,
  tooLong: `Usernames cannot be longer than ${USERNAME_MAX_LENGTH} characters`,
  characters: 'Usernames can only contain lowercase letters, numbers, dashes, and underscores',
  taken: 'That username is taken. Here are some suggestions',
  tooManyChecks: 'Too many username checks. Please wait a moment before trying again.',
} as const;

export const PASSWORD_MESSAGES = {
  help: `Enter a password from ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: 'Passwords do not match.',
  scoreTooLow: 'Password score too low.',
  tooShort: 'Password too short.',
  tooLong: 'Password too long.',
  currentRequired: 'You must enter your current password',
  mustDiffer: 'New password must be different from current password.',
} as const;

export const AGREEMENT_MESSAGES = {
  tooltip: 'You must check I agree above to continue',
  hint: 'Please check "I agree" first',
} as const;

export const SIGNUP_MESSAGES = {
  success:
    "You have succeeded in creating an account and signing up for services. You'll receive an email with more details soon.",
  autoLoginFailed: 'Automatic login failed. Please login manually.',
} as const;

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

export interface ContactDetails {
  phone: string;
  email: string;
}

export interface SalesContacts extends ContactDetails {
  chatUrl: string;
}

/** signup.md §8: the captcha failure default, with the configured phone and email. */
export function recaptchaFailureMessage({ phone, email }: ContactDetails): string {
  return `We're having difficulty processing your request. Please try again, or contact Customer Service at ${phone} or ${email}`;
}

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

/** Titles and messages of the session API (login, tokens, recovery); the web app shows them. */
export const SESSION_MESSAGES = {
  loginFailedTitle: 'Login failed',
  loginFailed: 'The username or password is incorrect.',
  notLoggedInTitle: 'Not logged in',
  notLoggedIn: 'Please log in to continue.',
  accessTokenExpiredTitle: 'Access token expired',
  accessTokenExpired: 'Your session needs renewing.',
  refreshFailedTitle: 'Refresh failed',
  refreshFailed: 'Your session has ended. Please log in again.',
  reauthFailedTitle: 'Re-authentication failed',
  reauthFailed: 'The password is incorrect.',
  reauthWrongUser: 'Enter the password of the user who is logged in.',
  freshTokenRequired: 'Please enter your password again to continue.',
  tooManyRequestsTitle: 'Too many requests',
  tooManyLogins: 'Too many failed attempts. Please wait before trying again.',
  tooManyRecoveries: 'Too many recovery requests. Please wait before trying again.',
  tooManyClientErrors: 'Too many error reports. Please wait before sending more.',
  usernameRecoverySent:
    'If that email address belongs to an account, we have sent it the usernames registered with it.',
  passwordRecoverySent:
    'If that username exists, we have sent a link to set a new password to its email address.',
  passwordUpdated: 'Your password has been updated. You can now log in with it.',
  passwordChanged: 'Your password has been changed.',
  linkExpiredTitle: 'Link expired',
  linkExpired: 'This link has expired or has already been used. Please request a new one.',
  infoUpdated: 'Your contact information has been saved.',
  currentPasswordWrong: 'The current password is incorrect.',
  usernameMismatch: 'This link was sent for another username.',
  customerWithoutLogin: 'This customer has no login to act as.',
  customerNotFound: 'There is no customer with that number.',
} as const;

/** What each permission category lets a user do (GET /perms/schema). */
export const PERMISSION_CATEGORY_TEXT = {
  account: { label: 'Account', description: 'Account details and contact information' },
  admin: { label: 'Admin', description: 'Everything, including authorized users and their rights' },
  contacts: { label: 'Contacts', description: 'Authorized contacts' },
  invoices: { label: 'Invoices', description: 'Bills and invoices' },
  payments: { label: 'Payments', description: 'Billing, payments and payment methods' },
  services: { label: 'Services', description: 'Services, servers and DNS' },
} as const;

/** What the web app itself tells the user about the session (portal.md §4, §7 "Session"). */
export const SESSION_NOTICES = {
  loggedOut: 'You have logged out.',
  proxyEnded: 'You stopped acting as a customer and are back in your administrator account.',
  timedOut: 'Your session timed out. Please log in again to continue where you left off.',
  reauthCancelled: 'This action needs your password, so it was cancelled. Nothing was changed.',
  refreshPasswordTitle: 'Enter your password to continue',
  verifyIdentityTitle: 'Verify Identity',
  verifyIdentity: 'Please enter your current password to confirm it is you.',
  strengthUnavailable: 'The strength check could not be loaded. Edit the password to try again.',
  noCustomerMatch: 'No customer matches that search.',
  mailboxEmpty: 'No messages have been sent yet.',
  copyRefused: 'The browser did not allow copying: select the password and copy it yourself.',
} as const;

/** The top bar's link to the control area while someone is logged in (signup.md §2). */
export function loggedInLabel(username: string): string {
  return `${username} logged in`;
}

/** The banner shown the whole time a site admin acts as a customer. */
export function actingAsMessage(customer: string, admin: string): string {
  return `Acting as ${customer} (you are ${admin})`;
}

export function deleteDisabledLabel(seconds: number): string {
  return `Delete (Disabled for ${seconds}s)`;
}

/** A displayed address is cut to 20 characters plus "...". */
export function truncateDisplayAddress(address: string): string {
  return address.length > DISPLAY_ADDRESS_MAX_LENGTH
    ? `${address.slice(0, DISPLAY_ADDRESS_MAX_LENGTH)}...`
    : address;
}

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

/** The portal's billing (docs/api.md "Billing"): titles and messages of its answers. */
export const BILLING_MESSAGES = {
  amount: 'Enter an amount greater than $0.00 with at most two decimals',
  amountTooLarge: 'A single payment can be at most $10,000.00',
  paymentAccount: 'Choose a payment account',
  paymentAccountNotFound: 'That payment account was not found.',
  billNotFound: 'That bill was not found.',
  paymentNotFound: 'That payment was not found.',
  idempotencyKeyRequired:
    'This request needs an Idempotency-Key header: one new key (16 to 128 letters, digits, "-" or "_") per payment.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different payment.',
  declinedTitle: 'Payment declined',
  declined: (code: string) =>
    `The card was declined (${code}). Please use another card or pay from a bank account.`,
  processorUnavailableTitle: 'Payment not confirmed',
  processorUnavailable:
    'We could not reach our card processor. Send the same payment again (with the same key) to find out whether it went through.',
  paymentReceived: 'Payment received. Thank you.',
  paymentPending: 'Bank payment submitted. It will settle in a few days.',
  defaultWhileAutopay:
    'The default payment account cannot be removed while automatic payment is on. Turn automatic payment off or make another account the default first.',
  autopayNeedsAccount: 'Choose a payment account for automatic payment.',
  cardInUse: 'That card is already saved.',
  expiredCard: 'This card has expired. Please add a current card.',
  addressSaved: 'Billing address saved.',
} as const;

/** What a payment account shows of itself: "Visa ending in 4242", "Bank account ending in 6789". */
export function paymentAccountLabel(account: {
  method: 'CC' | 'ACH';
  brand?: string | null;
  last_four: string;
}): string {
  if (account.method === 'ACH') return `Bank account ending in ${account.last_four}`;
  const brand = account.brand ? (CARD_BRAND_LABELS[account.brand] ?? account.brand) : 'Card';
  return `${brand} ending in ${account.last_four}`;
}

export const CARD_BRAND_LABELS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

/** Shown once a card is added (signup.md §4 "Payment"). */
export function cardEndingIn(lastFour: string): string {
  return `Card ending in ${lastFour}`;
}

/** A bank account is only ever shown by its last four digits. */
export function accountEndingIn(lastFour: string): string {
  return `Account ending in ${lastFour}`;
}

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

/**
 * What screen readers hear when the wizard reveals sections (signup.md §2: each scrolling into
 * view when revealed), naming them in page order.
 */
export function sectionsRevealedAnnouncement(titles: readonly string[]): string {
  if (titles.length === 1) return `New section below: ${titles[0]}.`;
  return `New sections below: ${titles.join(', ')}.`;
}

/** Out of stock (signup.md §4): the choice is disabled with a message to call or chat. */
export function outOfStockMessage(item: string, sales: SalesContacts): string {
  return `${item} is out of stock right now. Please call us at ${sales.phone} or chat with us at ${sales.chatUrl} and we will help you.`;
}

/** What screen readers hear about the suggestion list. */
export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return SIGNUP_WIZARD_MESSAGES.noSuggestions;
  if (count === 1) return '1 address suggestion available. Press the down arrow key to choose it.';
  return `${count} address suggestions available. Use the up and down arrow keys to choose.`;
}
