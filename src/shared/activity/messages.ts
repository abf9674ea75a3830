/**
 * The activity log's words (docs/activity.md): each entry's summary names the change and its
 * target, never a secret (a card or bank account by its last four digits at most).
 */

/** A DNS name written in full: `@` is the zone itself. */
export function fullDnsName(name: string, zone: string): string {
  return name === '@' ? zone : `${name}.${zone}`;
}

/** Dollars from cents: 5000 → $50.00. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const ACTIVITY_WORDS = {
  loggedIn: (factor: string | null) =>
    factor ? `Logged in with password and ${factor}` : 'Logged in with password',
  loginRefused: 'Login refused: wrong password',
  loggedOut: 'Logged out (session ended)',
  passwordConfirmed: (factor: string | null) =>
    factor ? `Password and ${factor} confirmed` : 'Password confirmed',
  passwordChanged: 'Password changed',
  passwordSetByLink: 'Password set with a recovery link',
  recoveryRequested: 'Password recovery requested',
  usernameRecoveryRequested: 'Username recovery requested',
  secondFactor: (used: string) =>
    ({ totp: 'an authenticator code', recovery: 'a recovery code', passkey: 'a passkey' })[used] ??
    used,
  totpStarted: 'Authenticator app setup started',
  totpOn: 'Authenticator app turned on; ten recovery codes made',
  totpOff: 'Authenticator app turned off; its recovery codes removed',
  recoveryCodes: 'Recovery codes made again; the old ones no longer work',
  policy: (required: boolean) =>
    required
      ? 'A second factor is now required of every login of the account'
      : 'A second factor is no longer required of every login',
  secondFactorReset: (username: string) =>
    `Every second factor of ${username} removed by support; its sessions ended`,
  proxyStarted: 'Site admin started acting as the account',
  passkeyAdded: (name: string) => `Passkey “${name}” added`,
  passkeyRenamed: (from: string, to: string) => `Passkey “${from}” renamed “${to}”`,
  passkeyRemoved: (name: string) => `Passkey “${name}” removed`,
  noticeAcknowledged: (title: string) => `Notice “${title}” acknowledged`,
  noticeDismissed: (title: string) => `Notice “${title}” dismissed`,
  proxyEnded: 'Site admin stopped acting as the account',
  dnsZoneCreated: (zone: string, ttl: number) => `DNS zone ${zone} created (TTL ${ttl})`,
  dnsZoneChanged: (zone: string, from: number, to: number) =>
    `DNS zone ${zone} TTL changed ${from} → ${to}`,
  dnsZoneDeleted: (zone: string) => `DNS zone ${zone} deleted`,
  dnsRecordAdded: (type: string, name: string, content: string) =>
    `DNS record ${type} ${name} added ${content}`,
  dnsRecordChanged: (type: string, name: string, from: string, to: string) =>
    `DNS record ${type} ${name} changed ${from} → ${to}`,
  dnsRecordDeleted: (type: string, name: string, content: string) =>
    `DNS record ${type} ${name} deleted (was ${content})`,
  dnsAliasAdded: (alias: string, zone: string) => `DNS alias ${alias} added to zone ${zone}`,
  dnsAliasRemoved: (alias: string, zone: string) => `DNS alias ${alias} removed from zone ${zone}`,
  dnsImported: (zone: string, added: number, changed: number, removed: number) =>
    `DNS zone file imported into ${zone}: ${added} added, ${changed} changed, ${removed} removed`,
  serverCreated: (name: string) => `Server ${name} created`,
  serverChanged: (name: string, changes: string[]) =>
    `Server ${name} changed${changes.length ? `: ${changes.join(', ')}` : ''}`,
  serverSize: (what: 'CPUs' | 'memory MB' | 'disk GB', from: number, to: number) =>
    `${what} ${from} → ${to}`,
  serverDeleted: (name: string) => `Server ${name} deleted`,
  serverPower: (name: string, action: string) =>
    `Server ${name} ${
      { start: 'started', stop: 'stopped', force_stop: 'force stopped', restart: 'restarted' }[
        action
      ] ?? action
    }`,
  pleskAdded: (name: string) => `Plesk licence added for server ${name}`,
  pleskRemoved: (name: string) => `Plesk licence removed from server ${name}`,
  contactAdded: (name: string) => `Contact ${name} added`,
  contactChanged: (name: string, fields: string[]) =>
    `Contact ${name} changed${fields.length ? ` (${fields.join(', ')})` : ''}`,
  contactRemoved: (name: string) => `Contact ${name} removed`,
  userAdded: (username: string, rights: string) => `User ${username} added with ${rights}`,
  userRights: (username: string, changes: string[]) =>
    `User ${username} ${changes.length ? changes.join('; ') : 'rights saved unchanged'}`,
  userGiven: (right: string) => `given ${right}`,
  userTaken: (right: string) => `${right} taken away`,
  userLoginRemoved: (username: string) => `Login ${username} removed (the contact stays)`,
  userDeleted: (username: string) => `User ${username} and the contact deleted`,
  noRights: 'no rights',
  card: (lastFour: string) => `card ending ${lastFour}`,
  bankAccount: (lastFour: string) => `bank account ending ${lastFour}`,
  payment: (amount: string, account: string) => `Payment ${amount} by ${account}`,
  paymentPending: (amount: string, account: string) =>
    `Payment ${amount} by ${account} (pending until the bank settles it)`,
  paymentAttempt: (amount: string, account: string) => `Payment ${amount} by ${account} tried`,
  billingAddress: (paper: boolean | undefined) =>
    paper === undefined
      ? 'Billing address changed'
      : `Billing address changed; paper invoices ${paper ? 'on' : 'off'}`,
  paymentMethodAdded: (account: string, isDefault: boolean) =>
    `Payment method ${account} added${isDefault ? ' as the default' : ''}`,
  paymentMethodChanged: (account: string, changes: string[]) =>
    `Payment method ${account}: ${changes.join(', ')}`,
  madeDefault: 'made the default',
  autopay: (on: boolean) => `automatic payments ${on ? 'on' : 'off'}`,
  paymentMethodRemoved: (account: string) => `Payment method ${account} removed`,
  accountChanged: (fields: string[]) =>
    `Account details changed${fields.length ? ` (${fields.join(', ')})` : ''}`,
  emailPreferences: (changes: string[]) => `Email preferences: ${changes.join(', ')}`,
  emailPreference: (label: string, on: boolean) => `${label} emails ${on ? 'on' : 'off'}`,
} as const;

/** A permission in words: `payments.view` → "payments view". */
export function rightWords(category: string, level: 'view' | 'manage'): string {
  return `${category} ${level}`;
}

/** The Activity page's words (docs/activity.md "The page"). */
export const ACTIVITY_PAGE_MESSAGES = {
  title: 'Activity',
  intro:
    'Who changed what in this account, from which address, and how it ended. A primary admin sees every login’s activity; other users see their own.',
  filtersHeading: 'Filter',
  login: 'Login',
  action: 'Action',
  anyAction: 'Any action',
  from: 'From (UTC)',
  to: 'To (UTC)',
  apply: 'Apply filters',
  clear: 'Clear filters',
  loading: 'Loading the activity…',
  loadFailed: 'The activity could not be loaded',
  empty: 'No activity matches these filters.',
  exportCsv: 'Export as CSV',
  previous: 'Previous',
  next: 'Next',
  showing: (first: number, last: number, total: number) => `Showing ${first}–${last} of ${total}`,
  columns: {
    at: 'When (UTC)',
    login: 'Login',
    address: 'Address',
    what: 'What',
    outcome: 'Outcome',
  },
  actingAdmin: (admin: string) => `as site admin ${admin}`,
  accountLink: 'Activity log',
  accountLinkHint: 'Every change made in this account, and every login.',
} as const;
