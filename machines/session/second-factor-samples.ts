/**
 * What the second factor's registrations (second-factor*.model.ts) send and answer with: the
 * login, codes as typed, the account to add, the passkeys' requests and the server's answers
 * (docs/session.md "Second factor", "Passkeys"; docs/api.md). Tests and charts only.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { RATE_LIMITS } from '#shared/constants';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import { SESSION_MESSAGES } from '#shared/session/messages';
import type { TotpSetup } from '#shared/session/second-factor';
import { sample } from '../registry/types.ts';
import { DEMO_USER } from './samples.ts';

export const SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url:
    'otpauth://totp/Ridgeline%20Fiber:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ridgeline%20Fiber',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${'CDEFGHIJKL'[i]}`);
/** The login whose password was right. */
export const LOGIN = { mode: 'login', username: 'demo', password: 'correct horse' } as const;
/** docs/session.md: too many wrong codes wait for the limit's window (15 minutes). */
export const LOCKOUT = RATE_LIMITS.secondFactorPerUser.windowSeconds * 1000;

/** A passkeys' request as the 401 carries it (docs/session.md "Passkeys"). */
export const PASSKEY_REQUEST: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdlLW9uZQ',
  rpId: 'localhost',
  allowCredentials: [{ id: 'Y3JlZGVudGlhbA', type: 'public-key' }],
  userVerification: 'preferred',
};
export const NEW_PASSKEY_REQUEST = { ...PASSKEY_REQUEST, challenge: 'Y2hhbGxlbmdlLXR3bw' };
export const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};

export const APP_CODE = '123456';
export const RECOVERY_CODE = 'ABCDE-FGHIJ';

/** What the person types. */
export const TYPED = [
  sample('type the app’s code', { type: 'code.submitted', code: APP_CODE }),
  sample('type a recovery code', { type: 'code.submitted', code: RECOVERY_CODE }),
  sample('type five digits', { type: 'code.submitted', code: '12345' }),
] as const;

/** The server's answers to a code or a passkey. */
export const ANSWERS = [
  sample('the server takes the code', { type: 'xstate.done.actor.verify', output: DEMO_USER }),
  sample('the server takes the first code', {
    type: 'xstate.done.actor.verify',
    output: { ...DEMO_USER, recovery_codes: RECOVERY_CODES },
  }),
  sample('the server refuses the code', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: SESSION_MESSAGES.secondFactorFailedTitle,
      message: SECOND_FACTOR_MESSAGES.failed,
    },
  }),
  sample('too many wrong codes', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 429,
      title: 'Too many requests',
      message: SECOND_FACTOR_MESSAGES.tooManyCodes,
    },
  }),
  sample('the server refuses the passkey', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: PASSKEY_MESSAGES.notVerifiedTitle,
      message: PASSKEY_MESSAGES.notVerified,
    },
  }),
  sample('the server asks for the passkey with a new request', {
    type: 'xstate.error.actor.verify',
    error: {
      status: 401,
      title: SESSION_MESSAGES.secondFactorRequiredTitle,
      message: PASSKEY_MESSAGES.passkeyPrompt,
      body: { methods: ['totp', 'passkey'], webauthn: NEW_PASSKEY_REQUEST },
    },
  }),
] as const;

/** The call sends the login's username and password with the code typed (docs/api.md). */
export const verifiesTheCode = ({ code }: { code: string }) => ({ ...LOGIN, otp: code });
