/**
 * Answers asked for ahead of the view that reads them. A portal page's route (router.tsx) starts
 * the page's first GET requests (`PORTAL_DATA` in portal-pages.ts) while the page's code loads,
 * instead of after it: the view's own identical GET (same path, query and body type) then takes
 * that answer, or its failure, once, instead of asking the server again. An answer belongs to the
 * visit (the address) that asked for it: a view elsewhere never takes it, and asking ahead on
 * another visit forgets what no view took.
 *
 * It is installed into the app's client by the first portal page's route (router.tsx, through
 * portal-pages.ts), so that the signup's first load does not carry it.
 */
import type { ApiClient, RequestOptions } from '../api/client.ts';

/** Runs `start` with a client whose GET requests are kept for this visit's views to take. */
export type Prefetch = (start: (api: ApiClient) => void) => void;

/** The same request: path, query (in any order) and body type. */
function keyOf(path: string, options: RequestOptions = {}): string {
  const query = new URLSearchParams(
    options.searchParams instanceof URLSearchParams
      ? options.searchParams
      : Object.entries(options.searchParams ?? {}).flatMap(([key, value]) =>
          value === undefined ? [] : [[key, String(value)]],
        ),
  );
  query.sort();
  return JSON.stringify([path.replace(/^\/+/, ''), query.toString(), options.as ?? 'json']);
}

/**
 * Makes `client`'s GET take the answers asked for ahead (its `get` is replaced; every holder of
 * the client sees the change) and answers the function that asks ahead.
 */
export function installPrefetch(
  client: ApiClient,
  /** The visit: the page's address. */
  here: () => string = () => window.location.href,
): Prefetch {
  const get = client.get.bind(client);
  const kept = new Map<string, Promise<unknown>>();
  let visit = '';
  /**
   * The views' own requests of this visit, answered or not: asking ahead for one of them is no
   * use (a view whose code came early can have its answer before the asking ahead starts).
   */
  const asked = new Map<string, Promise<unknown>>();
  /** A new visit forgets what the last one asked and kept. */
  const visiting = () => {
    if (here() === visit) return;
    kept.clear();
    asked.clear();
    visit = here();
  };
  const refuse = () => Promise.reject(new Error('Only GET requests are asked for ahead.'));
  const recorder: ApiClient = {
    get<T>(path: string, options?: RequestOptions) {
      const key = keyOf(path, options);
      const waiting = asked.get(key);
      if (waiting) return waiting as Promise<T>;
      const answer = get<T>(path, options);
      // A failure nobody takes is not an unhandled rejection; the view that takes it sees it.
      answer.catch(() => undefined);
      kept.set(key, answer);
      return answer;
    },
    request: refuse,
    post: refuse,
    put: refuse,
    patch: refuse,
    delete: refuse,
  };
  const prefetch: Prefetch = (start) => {
    visiting();
    start(recorder);
  };
  client.get = <T>(path: string, options?: RequestOptions) => {
    visiting();
    const key = keyOf(path, options);
    // A caller that can cancel its request makes its own, and the answer kept for it is no
    // longer the first: a later identical request must not take it.
    if (options?.signal) {
      kept.delete(key);
      return get<T>(path, options);
    }
    const answer = kept.get(key);
    if (answer) {
      kept.delete(key);
      return answer as Promise<T>;
    }
    const own = get<T>(path, options);
    asked.set(key, own);
    return own;
  };
  // A change may change what was asked for ahead: from then on every GET asks the server (a
  // view reading again after its own change must never take an answer from before it).
  const forget = () => {
    kept.clear();
    asked.clear();
  };
  const changing = <F extends (...args: never[]) => Promise<unknown>>(send: F): F =>
    ((...args: Parameters<F>) => {
      forget();
      return send(...args);
    }) as F;
  client.post = changing(client.post.bind(client));
  client.put = changing(client.put.bind(client));
  client.patch = changing(client.patch.bind(client));
  client.delete = changing(client.delete.bind(client));
  const request = client.request.bind(client);
  client.request = <T>(path: string, options?: RequestOptions) => {
    if ((options?.method ?? 'GET').toUpperCase() !== 'GET') forget();
    return request<T>(path, options);
  };
  return prefetch;
}
