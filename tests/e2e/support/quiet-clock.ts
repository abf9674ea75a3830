/**
 * Moves the page's clock on by a long span without starving the API calls in flight. The page
 * gives up a call after 15 s of its own clock (`REQUEST_TIMEOUT_MS`, src/web/api/client.ts), so
 * one jump of a minute fires that timeout on any call a slow machine has not answered yet, and the
 * page says "Timed out when trying to contact server" where the test expected its answer. Here
 * the clock moves a second at a time, each step only once no API call is in flight.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';

const STEP_MS = 1_000;

/** Now on the page's clock (Playwright's, when installed). */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

const calls = new WeakMap<Page, Set<Request>>();

const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith(API_BASE_PATH);

/** Counts the page's API calls from now on (before the page sends any that a step must wait for). */
export function trackApiCalls(page: Page): void {
  if (calls.has(page)) return;
  const open = new Set<Request>();
  calls.set(page, open);
  page.on('request', (request) => {
    if (isApiCall(request)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/** The page's clock moves on by `ms`, a second at a time, each step once no API call is open. */
export async function runForQuietly(page: Page, ms: number): Promise<void> {
  const open = calls.get(page);
  if (!open) throw new Error('trackApiCalls(page) first: the calls already open are not known');
  for (let left = ms; left > 0; left -= STEP_MS) {
    await expect
      .poll(() => [...open].map((request) => `${request.method()} ${request.url()}`), {
        message: 'the API calls in flight before the clock moves on',
      })
      .toEqual([]);
    await page.clock.runFor(Math.min(STEP_MS, left));
  }
}
