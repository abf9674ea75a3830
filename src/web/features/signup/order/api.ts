/**
 * The calls of the signup's second half (docs/api.md "Signup order", "Payments", "Session"), one
 * function each, typed by the shared contract: the signup's API module for the order, as
 * ../api.ts is for the address checks. Loaded with the second half, never in the page's first
 * load. Every call goes through the app's HTTP client.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  SIGNUP_ORDER_PATHS,
  type PreSignup,
  type SignupOrderInput,
  type SignupOrderResponse,
  type UsernameCheckResponse,
} from '#shared/signup/order';
import type { OrderFailure } from '#machines/signup/checkout.machine';
import { ApiFailure, type ApiClient } from '../../../api/client.ts';
import { logIn } from '../../../api/session.ts';

/** Placing an order takes a password check and a hash on the server: allow it time. */
const ORDER_TIMEOUT_MS = 60_000;

/** An API failure as the checkout machine reads it. */
export function orderFailure(error: unknown): OrderFailure {
  if (error instanceof ApiFailure) {
    return {
      status: error.status,
      message: error.message,
      title: error.title,
      fieldErrors: error.fieldErrors,
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

export function orderApi(api: ApiClient) {
  return {
    checkUsername: (uid: string, name: string, signal?: AbortSignal) =>
      api.get<UsernameCheckResponse>(SIGNUP_ORDER_PATHS.usernames, {
        searchParams: new URLSearchParams({ uid, name }),
        signal,
      }),
    getPreSignup: (signupHash: string, signal?: AbortSignal) =>
      api.get<PreSignup>(SIGNUP_ORDER_PATHS.preSignup(signupHash), { signal }),
    placeOrder: async (key: string, body: SignupOrderInput) => {
      try {
        return await api.post<SignupOrderResponse>(SIGNUP_ORDER_PATHS.order, body, {
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          timeout: ORDER_TIMEOUT_MS,
        });
      } catch (error) {
        throw orderFailure(error);
      }
    },
    logIn: (username: string, password: string) => logIn(api, { username, password }),
  };
}

export type OrderApi = ReturnType<typeof orderApi>;
