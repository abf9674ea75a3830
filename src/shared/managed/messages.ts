/**
 * Messages of the managed server view (portal.md §2 "Managed server view", §3, §4, §8). Spec
 * strings to the letter; the rest are the product's own. One of the message modules beside
 * `../messages.ts` (see its header).
 */
import { ERROR_MESSAGES } from '../messages.ts';
import { MANAGED } from './constants.ts';

export { deleteDisabledLabel } from '../messages/portal.ts';

export const MANAGED_MESSAGES = {
  /** portal.md §8 "Viewed server absent after load": the catalogue's own message. */
  serverNotFound: ERROR_MESSAGES.serverNotFound,
  // Field rules (the shared rules of managed hosting)
  hostName: 'Enter a valid host name, such as www.example.com',
  hostNameTaken: 'This host name is already used on this server',
  aliasesTooMany: `A vhost can have at most ${MANAGED.aliasesMax} aliases`,
  aliasRepeated: 'This alias is listed twice',
  aliasIsDomain: 'An alias cannot be the vhost domain itself',
  certificateName: `Enter a name of 1 to ${MANAGED.certificateNameMaxLength} letters, digits, spaces, dots, dashes or underscores`,
  certificatePem: 'Paste the certificate in PEM form (-----BEGIN CERTIFICATE-----)',
  certificateUnreadable: 'This certificate cannot be read',
  keyPem: 'Paste the private key in PEM form (-----BEGIN PRIVATE KEY-----)',
  keyEncrypted:
    'This private key is protected by a passphrase: upload it without one (openssl pkey -in key.pem -out plain.pem)',
  keyUnreadable: 'This private key cannot be read',
  keyType: `Use an RSA key of at least ${MANAGED.rsaMinBits} bits or an EC key on P-256, P-384 or P-521`,
  keyMismatch: 'This private key does not match the certificate',
  certificateExpired: 'This certificate has expired',
  certificateNotYetValid: 'This certificate is not valid yet',
  chainPem: 'Paste the CA chain as PEM certificates, or leave it empty',
  chainDoesNotIssue: 'This CA chain did not issue the certificate',
  certificateInUse: 'This certificate is used by a vhost: change the vhost first',
  certificateMissing: 'There is no such certificate on this server',
  certificateDoesNotCover: (name: string) => `The certificate does not cover ${name}`,
  sslNeedsCertificate: 'Choose a certificate to enable SSL',
  sslOnlyNeedsSsl: 'SSL only needs SSL enabled',
  databaseName: `Enter a database name of 1 to ${MANAGED.databaseNameMaxLength} letters, digits or underscores`,
  databaseNameReserved: 'This database name is reserved',
  databaseNameTaken: 'A database of this name already exists on this server',
  databaseUser: `Enter a user name of 1 to ${MANAGED.databaseUserMaxLength} letters, digits or underscores`,
  databaseUserReserved: 'This user name is reserved',
  databaseUserTaken: 'This database user already exists on this server',
  ftpUser: `Enter a user name of ${MANAGED.ftpUserMinLength} to ${MANAGED.ftpUserMaxLength} lowercase letters, digits, dashes or underscores, starting with a letter`,
  ftpUserTaken: 'This FTP user already exists on this server',
  vhostMissing: 'There is no such vhost on this server',
  redirectTarget: 'Enter an absolute http:// or https:// address without spaces, quotes or $',
  redirectLoop: 'This redirect would lead back to where it starts',
  phpKey: 'This PHP setting cannot be changed here',
  phpKeyMissing: 'Choose a PHP setting',
  phpValue: (hint: string) => `Enter ${hint}`,
  nginxRefused: 'The web server refused this configuration',
  /** A change accepted by the product's rules where no nginx could check it (development). */
  configurationNotChecked: 'Configuration not checked: nginx is not installed',
  agentBusy: `The managed server is busy checking other changes: try again in ${MANAGED.busyRetryAfterSeconds} seconds`,
  itemMissing: 'This item does not exist on this server',
  agentUnavailable: 'The managed server cannot be reached; try again in a minute',
  // The page
  title: 'Managed server',
  /** Why a user who may only view (services view) finds every change disabled (portal.md §6). */
  readOnly:
    'You can view this managed server but not change it: changes take the Services permission at manage level.',
  starting: 'Starting',
  configurationPreview: 'Configuration preview',
  websitesUserChanged: 'The websites user password was changed',
  nginxOn: 'Web server (nginx) is on',
  nginxOff: 'Web server (nginx) is off',
  nginxFailed: 'The web server could not be switched',
  changeBusy: 'Another change is on its way: try again when it is done',
  loadingServer: 'Loading the server',
  // The web server switch: turning it off asks first.
  nginxOffTitle: 'Turn the web server off?',
  nginxOffConfirm: 'Turn it off',
  nginxOffStopsUnknown:
    'Every site on this server stops answering until the web server is turned on again.',
  nginxOffStopsNothing:
    'No site or redirect is set up on this server yet: the web server stops answering until it is turned on again.',
  nginxOffStops: (sites: number, redirects: number) =>
    `Every site on this server stops answering until the web server is turned on again: ${countOf(sites, 'site', 'sites')}${redirects > 0 ? ` and ${countOf(redirects, 'redirect', 'redirects')}` : ''}.`,
  nginxOffRedirect: (from: string, to: string) => `${from} (redirect to ${to})`,
  // Changes of an item
  editTitles: {
    password: (what: string) => `Change the password of ${what}`,
    ssl: (what: string) => `SSL settings of ${what}`,
    aliases: (what: string) => `Aliases of ${what}`,
  },
  editButtons: { password: 'Change password', ssl: 'SSL settings', aliases: 'Aliases' },
  editSaved: {
    password: 'Save password',
    ssl: 'Save SSL settings',
    aliases: 'Save aliases',
  },
} as const;

function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A confirmation that names what a deletion loses: its title and what it says. */
export interface DeleteQuestion {
  title: string;
  loses: string;
}

type Item = Record<string, unknown>;
const named = (item: Item, field: string) => String(item[field] ?? '');
const listed = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? (value as unknown[]).map(String).join(', ') : '';

/**
 * The confirmation of each list's Delete, naming the item and what goes with it (the issue's
 * destructive-action inventory): by the list it is in.
 */
export const DELETE_QUESTIONS = {
  ssl_certs: (cert: Item): DeleteQuestion => ({
    title: `Delete the certificate ${named(cert, 'name')}?`,
    loses: `The certificate ${named(cert, 'name')}${listed(cert.names) ? ` (for ${listed(cert.names)})` : ''} and its private key are removed from this server. This cannot be undone.`,
  }),
  mysql_database: (database: Item): DeleteQuestion => ({
    title: `Delete the database ${named(database, 'database_name')}?`,
    loses: `The database ${named(database, 'database_name')}, every table and row in it, and its user ${named(database, 'username')} are removed for good.`,
  }),
  vhosts: (vhost: Item): DeleteQuestion => ({
    title: `Delete the vhost ${named(vhost, 'domain')}?`,
    loses: `${named(vhost, 'domain')}${listed(vhost.aliases) ? ` and its aliases ${listed(vhost.aliases)}` : ''} stop answering: the site's web server configuration is removed. Any FTP user of this vhost stays, without a vhost.`,
  }),
  ftp_users: (user: Item): DeleteQuestion => ({
    title: `Delete the FTP user ${named(user, 'username')}?`,
    loses: `${named(user, 'username')} can no longer log in by FTP. This cannot be undone.`,
  }),
  domain_redirects: (redirect: Item): DeleteQuestion => ({
    title: `Delete the redirect from ${named(redirect, 'redirect_from')}?`,
    loses: `${named(redirect, 'redirect_from')} no longer redirects to ${named(redirect, 'redirect_to')}.`,
  }),
  php_settings: (setting: Item): DeleteQuestion => ({
    title: `Delete the PHP setting ${named(setting, 'key')}?`,
    loses: `${named(setting, 'key')} = ${named(setting, 'value')} is removed: PHP uses its default value again.`,
  }),
} as const;

/** An item in words, for the title of a form that changes it. */
export const ITEM_NAMES = {
  ssl_certs: (cert: Item) => `the certificate ${named(cert, 'name')}`,
  mysql_database: (database: Item) => `the database ${named(database, 'database_name')}`,
  vhosts: (vhost: Item) => named(vhost, 'domain'),
  ftp_users: (user: Item) => `the FTP user ${named(user, 'username')}`,
  domain_redirects: (redirect: Item) => `the redirect from ${named(redirect, 'redirect_from')}`,
  php_settings: (setting: Item) => `the PHP setting ${named(setting, 'key')}`,
} as const;
