/**
 * Request bodies of the session API (src/shared/session/types.ts has the types of the answers). A field
 * left out gets the field's own message.
 */
import * as v from 'valibot';
import { DATABASE_ID_MAX, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { PASSWORD_MESSAGES } from '../messages/account.ts';
import { EmailSchema } from '../signup/contact-fields.ts';
import { fieldsObject } from '../signup/schema-helpers.ts';
import { readSecondFactorCode } from './second-factor.ts';
import { SECOND_FACTOR_MESSAGES } from './second-factor-messages.ts';
import { PASSKEY_MESSAGES } from './passkey-messages.ts';

/** Long enough for any password the rules allow, short enough to never hash megabytes. */
const PASSWORD_INPUT_MAX = 4 * PASSWORD_MAX_LENGTH;

const requiredText = (max: number, tooLong: string = FIELD_MESSAGES.required) =>
  v.pipe(
    v.string(FIELD_MESSAGES.required),
    v.minLength(1, FIELD_MESSAGES.required),
    v.maxLength(max, tooLong),
  );

const storeInCookies = v.optional(v.boolean('store_in_cookies must be true or false'), true);

/** A username as typed at login or recovery (the username rules apply when one is chosen). */
const UsernameInput = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.trim(),
  // Usernames are lowercase: "Demo" logs in as demo.
  v.toLowerCase(),
  v.minLength(1, FIELD_MESSAGES.required),
  v.maxLength(200, FIELD_MESSAGES.required),
);

/** A code of the authenticator app or a recovery code, as typed (spaces and hyphens allowed). */
const SecondFactorCodeInput = v.pipe(
  v.string(SECOND_FACTOR_MESSAGES.codeRequired),
  v.maxLength(40, SECOND_FACTOR_MESSAGES.codeMalformed),
  v.check((typed) => readSecondFactorCode(typed) !== null, SECOND_FACTOR_MESSAGES.codeMalformed),
);

/** A code of the authenticator app only (confirming a new one). */
const TotpCodeInput = v.pipe(
  v.string(SECOND_FACTOR_MESSAGES.codeRequired),
  v.maxLength(40, SECOND_FACTOR_MESSAGES.totpMalformed),
  v.check(
    (typed) => readSecondFactorCode(typed)?.kind === 'totp',
    SECOND_FACTOR_MESSAGES.totpMalformed,
  ),
);

/*
 * The shape of a passkey's answers (docs/api.md "Passkeys"): here, beside the login body that
 * takes an assertion, so that the login page's code carries no module of its own for them (the
 * signup's first load lists every chunk the login page needs). session/passkey-schemas.ts builds the
 * passkey endpoints' bodies from these. What an answer proves is checked by the server.
 */
const M = PASSKEY_MESSAGES;

/** A base64url field of the browser's answer, of bounded length. */
export const base64url = (max: number) =>
  v.pipe(
    v.string(M.responseMalformed),
    v.minLength(1, M.responseMalformed),
    v.maxLength(max, M.responseMalformed),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, M.responseMalformed),
  );

/** An optional base64url field of the browser's answer. */
export const optionalBase64url = (max: number) =>
  v.optional(
    v.pipe(
      v.string(M.responseMalformed),
      v.maxLength(max, M.responseMalformed),
      v.regex(/^[A-Za-z0-9_-]*={0,2}$/, M.responseMalformed),
    ),
  );

/** The fields every answer of the browser has (a PublicKeyCredential as JSON). */
export const passkeyAnswerFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key', M.responseMalformed),
  clientExtensionResults: v.optional(v.looseObject({}, M.responseMalformed), {}),
  authenticatorAttachment: v.optional(
    v.picklist(['platform', 'cross-platform'], M.responseMalformed),
  ),
};

/** The browser's answer to `navigator.credentials.get` (AuthenticationResponseJSON). */
export const PasskeyAssertionInput = v.object(
  {
    ...passkeyAnswerFields,
    response: v.object(
      {
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(4096),
        signature: base64url(1024),
        userHandle: optionalBase64url(1024),
      },
      M.responseMalformed,
    ),
  },
  M.responseRequired,
);

/**
 * POST /auth/tokens and POST /auth/access_token. `otp`: the second factor's code, once the
 * password alone was answered `Second Factor Required` (or `Second Factor Setup Required`).
 */
export const LoginSchema = fieldsObject({
  username: UsernameInput,
  password: requiredText(PASSWORD_INPUT_MAX, PASSWORD_MESSAGES.tooLong),
  store_in_cookies: storeInCookies,
  otp: v.optional(SecondFactorCodeInput),
  /** A passkey's assertion instead of `otp` (docs/session.md "Passkeys"). */
  webauthn: v.optional(PasskeyAssertionInput),
});

/** POST /auth/mfa/totp/confirm. */
export const ConfirmTotpSchema = fieldsObject({ code: TotpCodeInput });

/** DELETE /auth/mfa/totp and POST /auth/mfa/recovery_codes: the factor itself, a current code. */
export const SecondFactorProofSchema = fieldsObject({ code: SecondFactorCodeInput });

/** PUT /auth/mfa/policy (the customer's primary admin). */
export const SecondFactorPolicySchema = fieldsObject({
  required: v.boolean(SECOND_FACTOR_MESSAGES.policyRequired),
});

/** DELETE /admin/users/:uid/second_factor (a site admin, after the support check). */
export const SecondFactorResetSchema = fieldsObject({
  verified_by: v.pipe(
    v.string(SECOND_FACTOR_MESSAGES.verifiedByRequired),
    v.trim(),
    v.minLength(1, SECOND_FACTOR_MESSAGES.verifiedByRequired),
    v.maxLength(500, SECOND_FACTOR_MESSAGES.verifiedByTooLong),
  ),
});

/** POST /auth/refresh_token (the body may be empty). */
export const RefreshSchema = fieldsObject({ store_in_cookies: storeInCookies });

/** POST /token/password_reset. */
export const PasswordResetSchema = fieldsObject({
  old_password: v.pipe(
    v.string(PASSWORD_MESSAGES.currentRequired),
    v.minLength(1, PASSWORD_MESSAGES.currentRequired),
    v.maxLength(PASSWORD_INPUT_MAX, PASSWORD_MESSAGES.tooLong),
  ),
  new_password: v.pipe(
    v.string(PASSWORD_MESSAGES.tooShort),
    v.maxLength(PASSWORD_INPUT_MAX, PASSWORD_MESSAGES.tooLong),
  ),
});

/** POST /token/username_recovery. */
export const UsernameRecoverySchema = fieldsObject({ email: EmailSchema });

/** POST /token/password_recovery. */
export const PasswordRecoverySchema = fieldsObject({
  username: UsernameInput,
});

/** POST /token/update_password/{url}. */
export const UpdatePasswordSchema = fieldsObject({
  username: UsernameInput,
  password: v.pipe(
    v.string(PASSWORD_MESSAGES.tooShort),
    v.maxLength(PASSWORD_INPUT_MAX, PASSWORD_MESSAGES.tooLong),
  ),
});

/** GET /admin/customers. */
export const CustomerSearchSchema = fieldsObject({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search is too long')), ''),
});

/** POST /admin/proxy. */
export const AdminProxySchema = fieldsObject({
  cid: v.pipe(
    v.number('Choose a customer'),
    v.integer('Choose a customer'),
    v.minValue(1, 'Choose a customer'),
    v.maxValue(DATABASE_ID_MAX, 'Choose a customer'),
  ),
});
