/**
 * Request bodies of the passkey endpoints (docs/api.md "Passkeys"). The browser's answers are
 * checked for their shape (base64url fields of bounded length, defined in session/schemas.ts with
 * the login's `webauthn`); what they prove is checked by the server with `@simplewebauthn/server`.
 */
import type { AuthenticatorTransportFuture } from '@simplewebauthn/browser';
import * as v from 'valibot';
import { PASSKEYS } from './constants.ts';
import { PASSKEY_MESSAGES } from './passkey-messages.ts';
import { fieldsObject } from '../signup/schema-helpers.ts';
import {
  PasskeyAssertionInput,
  base64url,
  optionalBase64url,
  passkeyAnswerFields,
} from './schemas.ts';

export { PasskeyAssertionInput };

const M = PASSKEY_MESSAGES;

const TRANSPORTS: readonly string[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] satisfies AuthenticatorTransportFuture[];

const isTransport = (name: string): name is AuthenticatorTransportFuture =>
  TRANSPORTS.includes(name);

/** A passkey's name: trimmed, 1 to PASSKEYS.nameMaxLength characters. */
export const PasskeyNameInput = v.pipe(
  v.string(M.nameRequired),
  v.trim(),
  v.minLength(1, M.nameRequired),
  v.maxLength(PASSKEYS.nameMaxLength, M.nameTooLong),
);

/** The browser's answer to `navigator.credentials.create` (RegistrationResponseJSON). */
export const PasskeyAttestationInput = v.object(
  {
    ...passkeyAnswerFields,
    response: v.object(
      {
        clientDataJSON: base64url(4096),
        attestationObject: base64url(16384),
        authenticatorData: optionalBase64url(16384),
        publicKey: optionalBase64url(4096),
        publicKeyAlgorithm: v.optional(v.number(M.responseMalformed)),
        transports: v.optional(
          v.pipe(
            v.array(v.pipe(v.string(M.responseMalformed), v.maxLength(20)), M.responseMalformed),
            v.maxLength(10, M.responseMalformed),
            // Transports this version does not know are left out, not refused.
            v.transform((list) => list.filter(isTransport)),
          ),
        ),
      },
      M.responseMalformed,
    ),
  },
  M.responseRequired,
);

/** POST /auth/mfa/webauthn/register/verify. */
export const PasskeyRegisterSchema = fieldsObject({
  name: PasskeyNameInput,
  response: PasskeyAttestationInput,
});

/** PATCH /auth/mfa/webauthn/:id. */
export const PasskeyRenameSchema = fieldsObject({ name: PasskeyNameInput });

/**
 * DELETE /auth/mfa/webauthn/:id (the body may be empty): removing the login's last second factor
 * needs the factor itself, a passkey's assertion (`webauthn`).
 */
export const PasskeyRemoveSchema = fieldsObject({
  webauthn: v.optional(PasskeyAssertionInput),
});
