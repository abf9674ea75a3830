/**
 * The session's messages: what the server answers about logging in, tokens and recovery, and
 * what the web app itself tells the user about the session (portal.md §4, §7 "Session"). Not part
 * of the signup's first load: the session's actors load after it (src/web/app/actors.ts).
 */
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
  /**
   * A login's password was right and its second factor is on (or the customer requires one this
   * login has not set up yet): the same call with `otp` ends it. The titles the session's machines
   * recognise; the messages are SECOND_FACTOR_MESSAGES (second-factor-messages.ts).
   */
  secondFactorRequiredTitle: 'Second Factor Required',
  secondFactorSetupRequiredTitle: 'Second Factor Setup Required',
  secondFactorFailedTitle: 'Code not accepted',
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
  codeStepUnavailable: 'The code step could not be loaded. Check the connection and try again.',
} as const;
