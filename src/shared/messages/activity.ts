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
} as const;
