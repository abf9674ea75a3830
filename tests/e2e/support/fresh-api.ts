/**
 * The customer's API from a browser test, with the page's cookies and a fresh token (as after the
 * password), whatever the time between calls. The e2e server's access tokens live 5 s
 * (serve.ts), and a loaded machine can take longer than that between two calls: a call refused
 * for its token (401: nothing was done) is made again after a renewal, so that no test depends on
 * how fast the machine is.
 */
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { csrfHeader, DEMO_PASSWORD } from '../paths/mappings/portal.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';
export type ApiCall = (method: Method, path: string, data?: unknown) => Promise<unknown>;

/** Renewals a call may need: each gives the next try a new 5 s. */
const RENEWALS = 3;

/** A page (its cookies), or a request context of its own (logInThroughApi). */
type Session = Page | APIRequestContext;

async function cookiesOf(session: Session) {
  return 'context' in session
    ? session.context().cookies()
    : (await session.storageState()).cookies;
}

export async function freshApi(session: Session, username: string): Promise<ApiCall> {
  const request = 'context' in session ? session.request : session;
  const send = async (method: Method, path: string, data?: unknown): Promise<APIResponse> =>
    request[method](`${API_BASE_PATH}${path}`, {
      data,
      headers: csrfHeader(await cookiesOf(session)),
    });
  const renew = async () => {
    // The refresh token lives on; the access token it gives is then made fresh by the password.
    await send('post', '/auth/refresh_token', { store_in_cookies: true });
    const fresh = await send('post', '/auth/access_token', {
      username,
      password: DEMO_PASSWORD,
      store_in_cookies: true,
    });
    expect(fresh.ok(), `a fresh token for ${username}: ${await fresh.text()}`).toBe(true);
  };
  await renew();
  return async (method, path, data) => {
    let response = await send(method, path, data);
    for (let renewal = 0; response.status() === 401 && renewal < RENEWALS; renewal += 1) {
      await renew();
      response = await send(method, path, data);
    }
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json().catch(() => null)) as unknown;
  };
}

/** A look at the API with the page's session, its token renewed first. */
export async function look(page: Page, username: string, path: string): Promise<unknown> {
  const call = await freshApi(page, username);
  return call('get', path);
}
