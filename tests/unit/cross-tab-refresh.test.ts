/**
 * Several tabs of one browser refresh the session one at a time, and a tab that follows another
 * tab's refresh uses the new cookies instead of presenting the used refresh token again (which
 * the server takes for re-use and answers by ending the session).
 */
import { describe, expect, it } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { refreshAcrossTabs } from '../../src/web/features/session/cross-tab-refresh.ts';

/** Web Locks as a browser grants them: one holder per name, the others queue. */
function fakeLocks(): Pick<LockManager, 'request'> {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: ((_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    }) as LockManager['request'],
  };
}

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** The server's side: one live refresh token; presenting a used one ends the session. */
function fakeServer() {
  const state = { generation: 0, ended: false, refreshCalls: 0, profileCalls: 0 };
  /** Each tab remembers the cookies it last sent; the browser shares them. */
  const cookies = { generation: 0 };
  return {
    state,
    tab() {
      return {
        refresh: async () => {
          state.refreshCalls += 1;
          const presented = cookies.generation;
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (state.ended || presented !== state.generation) {
            state.ended = true;
            throw new Error('401 reused');
          }
          state.generation += 1;
          cookies.generation = state.generation;
          return 'demo';
        },
        currentUser: async () => {
          state.profileCalls += 1;
          if (state.ended || cookies.generation !== state.generation) throw new Error('401');
          return 'demo';
        },
      };
    },
  };
}

/** A tab whose calls are written down; `profileWorks` says whether its cookies are good. */
function recordingTab(calls: string[], profileWorks: boolean) {
  return {
    refresh: async () => {
      calls.push('refresh');
      return 'demo';
    },
    currentUser: async () => {
      calls.push('profile');
      if (!profileWorks) throw new Error('401');
      return 'demo';
    },
  };
}

describe('refresh across tabs', () => {
  it('two tabs refused at once: one refresh, the other tab uses its cookies', async () => {
    const server = fakeServer();
    const locks = fakeLocks();
    const storage = fakeStorage();
    const tabA = refreshAcrossTabs({ ...server.tab(), locks, storage });
    const tabB = refreshAcrossTabs({ ...server.tab(), locks, storage });

    await expect(Promise.all([tabA(), tabB()])).resolves.toEqual(['demo', 'demo']);
    expect(server.state).toMatchObject({ ended: false, refreshCalls: 1, profileCalls: 1 });
  });

  it('without the lock both tabs present the same token and the session ends', async () => {
    const server = fakeServer();
    const tabA = refreshAcrossTabs({ ...server.tab(), locks: undefined, storage: fakeStorage() });
    const tabB = refreshAcrossTabs({ ...server.tab(), locks: undefined, storage: fakeStorage() });

    const results = await Promise.allSettled([tabA(), tabB()]);
    expect(results.map((result) => result.status)).toContain('rejected');
    expect(server.state.ended).toBe(true);
  });

  it("refreshes after all when the other tab's cookies do not do", async () => {
    const storage = fakeStorage();
    let clock = 1_000_000;
    const calls: string[] = [];
    const refresh = refreshAcrossTabs({
      ...recordingTab(calls, false),
      locks: fakeLocks(),
      storage,
      now: () => clock,
    });
    await refresh();
    expect(calls).toEqual(['refresh']);
    clock += 1000;
    await refresh();
    expect(calls).toEqual(['refresh', 'profile', 'refresh']);
  });

  it('an old refresh in another tab does not count', async () => {
    const storage = fakeStorage();
    storage.setItem('session:refreshed-at', String(1_000_000));
    const calls: string[] = [];
    const refresh = refreshAcrossTabs({
      ...recordingTab(calls, true),
      locks: fakeLocks(),
      storage,
      now: () => 1_000_000 + TIMERS.crossTabRefreshOverlapMs + 1,
    });
    await refresh();
    expect(calls).toEqual(['refresh']);
    expect(storage.getItem('session:refreshed-at')).toBe(
      String(1_000_000 + TIMERS.crossTabRefreshOverlapMs + 1),
    );
  });

  it('a failed refresh leaves no mark, and storage that throws is no obstacle', async () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const failing = refreshAcrossTabs({
      refresh: () => Promise.reject(new Error('401')),
      currentUser: () => Promise.resolve('demo'),
      locks: fakeLocks(),
      storage,
    });
    await expect(failing()).rejects.toThrow('401');
    const working = refreshAcrossTabs({
      refresh: () => Promise.resolve('demo'),
      currentUser: () => Promise.reject(new Error('not asked')),
      locks: fakeLocks(),
      storage,
    });
    await expect(working()).resolves.toBe('demo');
  });
});
