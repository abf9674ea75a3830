/**
 * Messages of the logged-in portal (portal.md §3, §4): loaded with the portal's pages.
 * One of the message modules beside `../messages.ts` (see its header).
 */
import { DISPLAY_ADDRESS_MAX_LENGTH } from '../signup/constants.ts';

/** What each permission category lets a user do (GET /perms/schema). */
export const PERMISSION_CATEGORY_TEXT = {
  account: { label: 'Account', description: 'Account details and contact information' },
  admin: { label: 'Admin', description: 'Everything, including authorized users and their rights' },
  contacts: { label: 'Contacts', description: 'Authorized contacts' },
  invoices: { label: 'Invoices', description: 'Bills and invoices' },
  payments: { label: 'Payments', description: 'Billing, payments and payment methods' },
  services: { label: 'Services', description: 'Services, servers and DNS' },
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

/**
 * The 429 answers of the costly calls (docs/api.md "Rate limits"); portal.md §8 has no wording of
 * its own for them, and the page shows `msg` like any other failure's.
 */
export const COSTLY_LIMIT_MESSAGES = {
  pdfs: 'Too many PDF downloads. Please wait before trying again.',
  zoneExports: 'Too many zone exports. Please wait before trying again.',
  zoneImports: 'Too many zone imports. Please wait before trying again.',
  hostingChanges: 'Too many hosting changes. Please wait before trying again.',
} as const;
