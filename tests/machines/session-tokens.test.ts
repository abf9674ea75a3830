import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_NOTICES } from '../../src/shared/session/messages.ts';
import type { SessionUser } from '../../src/shared/session/types.ts';
import { tokensWithCalls, type TokensEmitted } from '../../machines/session/tokens.machine.ts';
import { DEMO_USER as demo } from '../../machines/session/samples.ts';
import { selectPasswordPrompt } from '../../machines/session/tokens.selectors.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const refused = (status: number, message = 'refused') =>
  Object.assign(new Error(message), { status, title: 'x' });

function start() {
  const refreshes: ReturnType<typeof deferred<SessionUser>>[] = [];
  const reauths: {
    input: { username: string; password: string };
    d: ReturnType<typeof deferred<SessionUser>>;
  }[] = [];
  const reported: string[] = [];
  const actor = createActor(
    tokensWithCalls({
      refreshToken: fromPromise(() => {
        const d = deferred<SessionUser>();
        refreshes.push(d);
        return d.promise;
      }),
      reauthenticate: fromPromise(({ input }) => {
        const d = deferred<SessionUser>();
        reauths.push({ input, d });
        return d.promise;
      }),
    }).provide({
      actions: {
        'report user': (_, { user }) => reported.push(`user ${user.username}`),
        'end session': () => reported.push('session ended'),
      },
    }),
  ).start();
  const emitted: TokensEmitted[] = [];
  actor.on('requests.released', (e) => emitted.push(e));
  actor.on('requests.failed', (e) => emitted.push(e));
  actor.send({ type: 'user.changed', username: 'demo' });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, refreshes, reauths, reported, emitted, settle };
}

describe('token coordinator', () => {
  it('concurrent 401s share exactly one refresh, then each request is retried', async () => {
    const { actor, refreshes, emitted, reported, settle } = start();
    actor.send({ type: 'request.refused', requestId: 'a', title: 'Access token expired' });
    actor.send({ type: 'request.refused', requestId: 'b', title: 'Access token expired' });
    actor.send({ type: 'request.refused', requestId: 'c', title: 'Not logged in' });
    expect(refreshes).toHaveLength(1);
    refreshes[0].resolve(demo);
    await settle();
    expect(emitted).toEqual([{ type: 'requests.released', requestIds: ['a', 'b', 'c'] }]);
    expect(reported).toEqual(['user demo']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    // A retried request refused again is not refreshed a second time.
    actor.send({
      type: 'request.refused',
      requestId: 'a',
      title: 'Access token expired',
      retriedAfterRefresh: true,
    });
    expect(refreshes).toHaveLength(1);
    expect(emitted.at(-1)).toEqual({
      type: 'requests.failed',
      requestIds: ['a'],
      message: null,
      sessionEnded: false,
    });
  });

  it('a refresh refused with 401 fails every waiting request and ends the session', async () => {
    const { actor, refreshes, emitted, reported, settle } = start();
    actor.send({ type: 'request.refused', requestId: 'a', title: 'Access token expired' });
    actor.send({ type: 'request.refused', requestId: 'b', title: 'Access token expired' });
    refreshes[0].reject(refused(401, 'Your session has ended.'));
    await settle();
    expect(emitted).toEqual([
      {
        type: 'requests.failed',
        requestIds: ['a', 'b'],
        message: SESSION_NOTICES.timedOut,
        sessionEnded: true,
      },
    ]);
    expect(reported).toEqual(['session ended']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a refresh that could not reach the server fails the requests without ending the session', async () => {
    const { actor, refreshes, emitted, reported, settle } = start();
    actor.send({ type: 'request.refused', requestId: 'a', title: 'Access token expired' });
    refreshes[0].reject(refused(0, 'Timed out when trying to contact server'));
    await settle();
    expect(emitted).toEqual([
      {
        type: 'requests.failed',
        requestIds: ['a'],
        message: 'Timed out when trying to contact server',
        sessionEnded: false,
      },
    ]);
    expect(reported).toEqual([]);
  });

  it('Fresh Access Token Required asks for the password, re-authenticates and retries', async () => {
    const { actor, reauths, emitted, settle } = start();
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
    });
    expect(selectPasswordPrompt(actor.getSnapshot())).toEqual({
      reason: 'fresh token',
      username: 'demo',
      error: null,
      checking: false,
      secondFactor: null,
    });
    actor.send({ type: 'password.entered', password: 'wrong' });
    expect(selectPasswordPrompt(actor.getSnapshot())?.checking).toBe(true);
    reauths[0].d.reject(refused(401, 'The password is incorrect.'));
    await settle();
    expect(selectPasswordPrompt(actor.getSnapshot())?.error).toBe('The password is incorrect.');
    actor.send({ type: 'password.entered', password: 'right' });
    expect(reauths[1].input).toEqual({ username: 'demo', password: 'right' });
    reauths[1].d.resolve(demo);
    await settle();
    expect(emitted).toEqual([{ type: 'requests.released', requestIds: ['pw'] }]);
    expect(selectPasswordPrompt(actor.getSnapshot())).toBeNull();
  });

  it('renews the session first when the token ran out while the modal was open', async () => {
    const { actor, reauths, refreshes, emitted, settle } = start();
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
    });
    actor.send({ type: 'password.entered', password: 'right' });
    reauths[0].d.reject(
      Object.assign(new Error('x'), { status: 401, title: 'Access token expired' }),
    );
    await settle();
    expect(refreshes).toHaveLength(1);
    expect(selectPasswordPrompt(actor.getSnapshot())?.checking).toBe(true);
    refreshes[0].resolve(demo);
    await settle();
    expect(reauths[1].input).toEqual({ username: 'demo', password: 'right' });
    reauths[1].d.resolve(demo);
    await settle();
    expect(emitted).toEqual([{ type: 'requests.released', requestIds: ['pw'] }]);
    // The window, and the password it kept, are gone.
    expect(actor.getSnapshot().children.passwordPrompt).toBeUndefined();
  });

  it('cancelling the password fails that request with a clear message', () => {
    const { actor, emitted } = start();
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
    });
    actor.send({ type: 'password.cancelled' });
    expect(emitted).toEqual([
      {
        type: 'requests.failed',
        requestIds: ['pw'],
        message: SESSION_NOTICES.reauthCancelled,
        sessionEnded: false,
      },
    ]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a fresh-token refusal during a refresh asks for the password once the refresh is done', async () => {
    const { actor, refreshes, emitted, settle } = start();
    actor.send({ type: 'request.refused', requestId: 'a', title: 'Access token expired' });
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
    });
    refreshes[0].resolve(demo);
    await settle();
    expect(emitted).toEqual([{ type: 'requests.released', requestIds: ['a'] }]);
    expect(selectPasswordPrompt(actor.getSnapshot())?.reason).toBe('fresh token');
  });

  it('an expired token while the password is asked for waits for the password, or refreshes after a cancel', async () => {
    const { actor, refreshes, emitted, settle } = start();
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
    });
    actor.send({ type: 'request.refused', requestId: 'a', title: 'Access token expired' });
    expect(refreshes).toHaveLength(0);
    actor.send({ type: 'password.cancelled' });
    expect(refreshes).toHaveLength(1);
    refreshes[0].resolve(demo);
    await settle();
    expect(emitted.map((e) => [e.type, e.requestIds])).toEqual([
      ['requests.failed', ['pw']],
      ['requests.released', ['a']],
    ]);
  });

  it('a request retried after the password is not asked for again', () => {
    const { actor, emitted } = start();
    actor.send({
      type: 'request.refused',
      requestId: 'pw',
      title: ERROR_TITLES.freshTokenRequired,
      retriedAfterPassword: true,
    });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted).toEqual([
      { type: 'requests.failed', requestIds: ['pw'], message: null, sessionEnded: false },
    ]);
  });

  it('Verify Identity asks for the password before a sensitive step', async () => {
    const { actor, reauths, emitted, settle } = start();
    actor.send({ type: 'identity.check.requested', requestId: 'proxy' });
    expect(selectPasswordPrompt(actor.getSnapshot())?.reason).toBe('verify identity');
    actor.send({ type: 'password.entered', password: 'right' });
    reauths[0].d.resolve(demo);
    await settle();
    expect(emitted).toEqual([{ type: 'requests.released', requestIds: ['proxy'] }]);
  });
});
