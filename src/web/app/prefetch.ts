/**
 * Answers asked for ahead of the view that reads them. A portal page's route (router.tsx) starts
 * the page's first GET requests (`PORTAL_DATA` in portal-pages.ts) while the page's code loads,
 * instead of after it: the view's own identical GET (same path, query and body type) then takes
 * that answer, or its failure, once, instead of asking the server again. What no view took by the
 * next navigation is forgotten (`forget`), so an answer is never handed to a later visit.
 */
import type { ApiClient, RequestOptions } from '../api/client.ts';

export interface Prefetch {
  /** Runs `start` with a client whose GET requests are kept for the views to take. */
  (start: (api: ApiClient) => void): void;
  /** Forgets every answer no view took. */
  forget(): void;
}

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

export function withPrefetch(client: ApiClient): { api: ApiClient; prefetch: Prefetch } {
  const kept = new Map<string, Promise<unknown>>();
  /** The views' own requests still waiting for their answer: asking ahead again is no use. */
  const asked = new Map<string, Promise<unknown>>();
  const refuse = () => Promise.reject(new Error('Only GET requests are asked for ahead.'));
  const recorder: ApiClient = {
    get<T>(path: string, options?: RequestOptions) {
      const key = keyOf(path, options);
      const waiting = asked.get(key);
      if (waiting) return waiting as Promise<T>;
      const answer = client.get<T>(path, options);
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
  const prefetch: Prefetch = Object.assign((start: (api: ApiClient) => void) => start(recorder), {
    forget: () => kept.clear(),
  });
  const api: ApiClient = {
    ...client,
    get<T>(path: string, options?: RequestOptions) {
      // A caller that can cancel its request makes its own.
      if (options?.signal) return client.get<T>(path, options);
      const key = keyOf(path, options);
      const answer = kept.get(key);
      if (answer) {
        kept.delete(key);
        return answer as Promise<T>;
      }
      const own = client.get<T>(path, options);
      asked.set(key, own);
      const done = () => {
        if (asked.get(key) === own) asked.delete(key);
      };
      own.then(done, done);
      return own;
    },
  };
  return { api, prefetch };
}
