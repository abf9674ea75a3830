/**
 * What the second factor's code step (second-factor.machine.ts) and its three steps share: the
 * call that sends the code (or the passkey's answer) with the kept password, what each step is
 * given, how each step ends (its output, which the step machine follows), and the actions they
 * have in common (`keep the code`, `store the refusal`, `forget the error`).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { assertEvent, assign, fromPromise, type EventObject } from 'xstate';
import { SECOND_FACTOR_MESSAGES } from '#shared/session/second-factor-messages';
import type { LoginResult, SessionUser } from '#shared/session/types';
import { requestFailureOf } from './types.ts';

export type SecondFactorMode = 'login' | 'reauth';

/** The login (or re-authentication) a step sends its code with. */
export interface StepCredentials {
  mode: SecondFactorMode;
  username: string;
  password: string;
}

export interface VerifyInput extends StepCredentials {
  otp?: string;
  webauthn?: AuthenticationResponseJSON;
}

/** How a step ended. */
export type StepOutcome =
  /** The server took the code (or the passkey): whose login it is. */
  | { ended: 'accepted'; user: SessionUser }
  /** Too many wrong codes: the server's message. */
  | { ended: 'locked out'; error: string; passkey?: PublicKeyCredentialRequestOptionsJSON | null }
  /** The person chose the app's code instead of a passkey (with the passkeys' latest request). */
  | { ended: 'app chosen'; passkey: PublicKeyCredentialRequestOptionsJSON | null }
  /** The person chose a passkey instead of a code. */
  | { ended: 'passkey chosen' };

/** POST /auth/tokens or POST /auth/access_token with the code as `otp` (provided by the app). */
export const verifyPlaceholder = fromPromise<LoginResult, VerifyInput>(async () => {
  throw new Error('verify is provided by the app');
});

/** The user the server answered with, without the recovery codes it may carry. */
export function userOf(result: LoginResult): SessionUser {
  const { recovery_codes: _codes, ...user } = result;
  return user;
}

/** The server's refusal of a code, in its words. */
export function refusalOf(error: unknown): string {
  return requestFailureOf(error).message || SECOND_FACTOR_MESSAGES.codeMalformed;
}

/** Whether the server refused because of too many wrong codes. */
export function tooManyWrongCodes(error: unknown): boolean {
  return requestFailureOf(error).status === 429;
}

/** What a step shows of the last refusal (or of a code not written as one). */
interface ErrorShown {
  error: string | null;
}
/** A step with a box for a code. */
interface CodeKept extends ErrorShown {
  code: string;
}
/** A code typed in a step's box. */
interface CodeSubmitted {
  type: 'code.submitted';
  code: string;
}
/** The server refused what a step sent. */
interface VerifyRefused {
  type: 'xstate.error.actor.verify';
  error: unknown;
}

/**
 * `forget the error`: the last refusal no longer shows (the person starts again, or chose
 * another way in).
 */
export function forgetTheError<TContext extends ErrorShown, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(
    () => ({ error: null }) as Partial<TContext>,
  );
}

/** `keep the code`: the code typed is the one to check, and the last refusal goes. */
export function keepTheCode<TContext extends CodeKept, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => {
    const submitted = event as EventObject as CodeSubmitted;
    assertEvent(submitted, 'code.submitted');
    return { code: submitted.code, error: null } as Partial<TContext>;
  });
}

/**
 * `store the refusal`: the server's reason shows; in a step with a box for a code, the refused
 * code goes from it.
 */
export function storeTheRefusal<TContext extends ErrorShown, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
    const refused = event as EventObject as VerifyRefused;
    assertEvent(refused, 'xstate.error.actor.verify');
    const error = refusalOf(refused.error);
    return ('code' in context ? { error, code: '' } : { error }) as Partial<TContext>;
  });
}
