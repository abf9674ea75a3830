/**
 * The session calls (docs/api.md "Session"), one function each, typed by the shared contract:
 * app-wide (the session and token actors, features/session/session-actors.ts) and used by the
 * signup to log the
 * new customer in. The session lives in cookies, never in the page. Every call goes through the
 * app's HTTP client. Plain functions of the client rather than an object of them: they are part
 * of every page's first load.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { LoginResult, LogoutResponse, SessionUser, UserProfile } from '#shared/session/types';
import type { ApiClient } from './client.ts';

export interface Credentials {
  username: string;
  password: string;
  /** The second factor's code, once the password alone was answered `Second Factor Required`. */
  otp?: string;
  /** Or a passkey's answer to the request that answer carried. */
  webauthn?: AuthenticationResponseJSON;
}

const STORE = { store_in_cookies: true } as const;
/** The session calls' own 401 is the answer, not a reason to renew the session. */
const AS_IS = { renewSession: false };

export const logIn = (api: ApiClient, credentials: Credentials) =>
  api.post<LoginResult>('/auth/tokens', { ...credentials, ...STORE }, AS_IS);

export const logOut = (api: ApiClient) => api.delete<LogoutResponse>('/auth/tokens');

/** The current user; `renewSession: false` when asked right after a refresh. */
export const profile = (api: ApiClient, options?: { renewSession?: boolean }) =>
  api.get<UserProfile>('/user/profile', options);

export const refresh = (api: ApiClient) =>
  api.post<SessionUser>('/auth/refresh_token', STORE, AS_IS);

/** The password asked again for a sensitive action (a fresh login). */
export const reauthenticate = (api: ApiClient, credentials: Credentials) =>
  api.post<SessionUser>('/auth/access_token', { ...credentials, ...STORE }, AS_IS);
