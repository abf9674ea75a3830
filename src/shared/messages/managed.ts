/**
 * Messages of the managed server view (portal.md §2 "Managed server view", §3, §4, §8). Spec
 * strings to the letter; the rest are the product's own. One of the message modules beside
 * `../messages.ts` (see its header).
 */
import { MANAGED } from '../portal-constants.ts';

export { deleteDisabledLabel } from './portal.ts';

export const MANAGED_MESSAGES = {
  serverNotFound: 'Server not found',
  // Field rules (src/shared/managed/rules.ts)
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
  phpValue: (hint: string) => `Enter ${hint}`,
  nginxRefused: 'The web server refused this configuration',
  /** A change accepted by the product's rules where no nginx could check it (development). */
  configurationNotChecked: 'Configuration not checked: nginx is not installed',
  agentBusy: `The managed server is busy checking other changes: try again in ${MANAGED.busyRetryAfterSeconds} seconds`,
  itemMissing: 'This item does not exist on this server',
  agentUnavailable: 'The managed server cannot be reached; try again in a minute',
  // The page
  title: 'Managed server',
  starting: 'Starting',
  configurationPreview: 'Configuration preview',
  websitesUserChanged: 'The websites user password was changed',
  nginxOn: 'Web server (nginx) is on',
  nginxOff: 'Web server (nginx) is off',
  nginxFailed: 'The web server could not be switched',
  changeBusy: 'Another change is on its way: try again when it is done',
} as const;
