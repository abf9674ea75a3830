/**
 * One token refresh at a time across the tabs of this browser.
 *
 * Tabs share the cookies. When the access token has expired and two tabs call the API at the
 * same moment, each would present the same refresh token; the server takes the second use for
 * re-use of a stolen token and ends the session (machines/session/tokens.machine.ts handles one
 * tab; this handles several). So a tab refreshes under a Web Lock, and notes the time in local
 * storage when it succeeds. A tab that gets the lock right after another tab refreshed already
 * holds the new cookies: it asks who is logged in instead of refreshing again, and refreshes
 * only if that fails. Without Web Locks (an insecure origin, an old browser) it just refreshes.
 */
import { TIMERS } from '#shared/constants';

const LOCK_NAME = 'session-refresh';
const STAMP_KEY = 'session:refreshed-at';

export interface CrossTabRefreshOptions<T> {
  /** POST /auth/refresh_token. */
  refresh: () => Promise<T>;
  /** Who is logged in with the cookies as they are now (fails when nobody is). */
  currentUser: () => Promise<T>;
  locks?: Pick<LockManager, 'request'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

function browserLocks(): Pick<LockManager, 'request'> | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
}

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined; // storage switched off
  }
}

export function refreshAcrossTabs<T>(options: CrossTabRefreshOptions<T>): () => Promise<T> {
  const { refresh, currentUser, now = Date.now } = options;
  const locks = 'locks' in options ? options.locks : browserLocks();
  const storage = 'storage' in options ? options.storage : browserStorage();

  const lastRefresh = (): number => {
    try {
      return Number(storage?.getItem(STAMP_KEY) ?? 0) || 0;
    } catch {
      return 0;
    }
  };
  const noteRefresh = () => {
    try {
      storage?.setItem(STAMP_KEY, String(now()));
    } catch {
      // Storage full or switched off: other tabs will refresh for themselves.
    }
  };

  return () => {
    const startedAt = now();
    const run = async (): Promise<T> => {
      if (lastRefresh() >= startedAt - TIMERS.crossTabRefreshOverlapMs) {
        try {
          return await currentUser();
        } catch {
          // The other tab's cookies did not do: refresh after all.
        }
      }
      const user = await refresh();
      noteRefresh();
      return user;
    };
    return locks ? locks.request(LOCK_NAME, run) : run();
  };
}
