/** Shapes the session machines share with the app that provides their actors. */
import { fromPromise, type AnyActorLogic } from 'xstate';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TotpSetup } from '#shared/session/second-factor';

/**
 * What an HTTP actor throws: the web client's failure carries the status (0 when no answer came),
 * the server's title and a message for the user.
 */
export interface RequestFailure {
  status: number;
  title?: string;
  message: string;
  /** `Second Factor Setup Required`: the authenticator account to add (the answer's `setup`). */
  setup?: TotpSetup;
  /** `Second Factor Required`: the factors the login has (the answer's `methods`). */
  methods?: ('totp' | 'passkey')[];
  /** `Second Factor Required` of a login with passkeys: the request they answer (`webauthn`). */
  passkey?: PublicKeyCredentialRequestOptionsJSON;
}

function methodsOf(body: unknown): ('totp' | 'passkey')[] | undefined {
  const methods = (body as { methods?: unknown } | null | undefined)?.methods;
  return Array.isArray(methods)
    ? methods.filter((m): m is 'totp' | 'passkey' => m === 'totp' || m === 'passkey')
    : undefined;
}

function passkeyRequestOf(body: unknown): PublicKeyCredentialRequestOptionsJSON | undefined {
  const request = (body as { webauthn?: Partial<PublicKeyCredentialRequestOptionsJSON> } | null)
    ?.webauthn;
  return typeof request?.challenge === 'string'
    ? (request as PublicKeyCredentialRequestOptionsJSON)
    : undefined;
}

function setupOf(body: unknown): TotpSetup | undefined {
  const setup = (body as { setup?: Partial<TotpSetup> } | null | undefined)?.setup;
  return typeof setup?.secret === 'string' &&
    typeof setup.otpauth_url === 'string' &&
    typeof setup.qr_code === 'string'
    ? { secret: setup.secret, otpauth_url: setup.otpauth_url, qr_code: setup.qr_code }
    : undefined;
}

export function requestFailureOf(error: unknown): RequestFailure {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as {
      status?: unknown;
      title?: unknown;
      message?: unknown;
      body?: unknown;
    };
    const setup = setupOf(candidate.body);
    const methods = methodsOf(candidate.body);
    const passkey = passkeyRequestOf(candidate.body);
    return {
      status: typeof candidate.status === 'number' ? candidate.status : 0,
      title: typeof candidate.title === 'string' ? candidate.title : undefined,
      message: typeof candidate.message === 'string' ? candidate.message : '',
      ...(setup ? { setup } : {}),
      ...(methods ? { methods } : {}),
      ...(passkey ? { passkey } : {}),
    };
  }
  return { status: 0, message: typeof error === 'string' ? error : '' };
}

/** A place in the app: the route's name (kept in session storage) and its address. */
export interface AttemptedRoute {
  name: string;
  /** The path under the web base with its query, e.g. `/billing/?tab=bills`. */
  href: string;
}

/**
 * The stand-in for an actor the app always provides and whose code must not load with every page
 * (the second factor's code step): typed as the real logic, it only says who provides it. The
 * machine's file imports the real one's type alone.
 */
export function providedByTheApp<TLogic extends AnyActorLogic>(name: string): TLogic {
  return fromPromise(async () => {
    throw new Error(`${name} is provided by the app`);
  }) as unknown as TLogic;
}
