import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { SESSION_NOTICES } from '../../src/shared/session/messages.ts';
import { emptyPerms } from '../../src/shared/permissions.ts';
import type { AdminCustomerSummary, SessionUser } from '../../src/shared/session/types.ts';
import { adminProxyMachine } from '../../machines/session/admin-proxy.machine.ts';
import {
  selectCustomers,
  selectNoMatch,
  selectSwitchingTo,
} from '../../machines/session/admin-proxy.selectors.ts';
import { loaderMachine } from '../../machines/session/loader.machine.ts';
import { selectData, selectLoadError } from '../../machines/session/loader.selectors.ts';

/** A loader whose loads wait: `answers[n]` answers the n-th load, in any order. */
function loaderWithHeldAnswers() {
  const answers: ((value: unknown) => void)[] = [];
  const actor = createActor(
    loaderMachine.provide({
      actors: {
        load: fromPromise<unknown>(() => new Promise((resolve) => answers.push(resolve))),
      },
    }),
  ).start();
  return { actor, answers };
}

describe('loader machine', () => {
  it('loads, fails with a reason, retries and reloads', async () => {
    let calls = 0;
    const actor = createActor(
      loaderMachine.provide({
        actors: {
          load: fromPromise<unknown>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Timed out when trying to contact server');
            return { n: calls };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectLoadError(actor.getSnapshot())).toBe('Timed out when trying to contact server');
    actor.send({ type: 'retry.pressed' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual({ n: 2 });
    actor.send({ type: 'reload.requested' });
    expect(selectData(actor.getSnapshot())).toEqual({ n: 2 });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual({ n: 3 });
  });
  it('a reload asked for while one is on its way ends on the newer answer, never the older', async () => {
    // The billing page reloads after each change: a change made while the previous reload is on
    // its way must not leave the page on that reload's older answer.
    const { actor, answers } = loaderWithHeldAnswers();
    answers[0]!({ automatic: false });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'reload.requested' });
    actor.send({ type: 'reload.requested' });
    expect(answers).toHaveLength(3);
    // The second reload answers first; the first one's late, older answer is not shown.
    answers[2]!({ automatic: true });
    await waitFor(actor, (s) => s.matches('loaded'));
    answers[1]!({ automatic: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectData(actor.getSnapshot())).toEqual({ automatic: true });
  });

  it('a reload asked for during the first load starts the load again', async () => {
    const { actor, answers } = loaderWithHeldAnswers();
    actor.send({ type: 'reload.requested' });
    expect(answers).toHaveLength(2);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    answers[0]!({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    answers[1]!({ n: 2 });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectData(actor.getSnapshot())).toEqual({ n: 2 });
  });
});

describe('admin proxy machine', () => {
  const dana: AdminCustomerSummary = {
    cid: 5,
    name: 'Dana Demo',
    username: 'demo',
    email: 'd@example.com',
    service_address: null,
  };
  const session: SessionUser = {
    username: 'demo',
    cid: 5,
    perms: emptyPerms(),
    site_admin: false,
    primary_admin: true,
    proxy: { admin_username: 'admin' },
  };

  function start(verify: () => Promise<void>) {
    const handed: SessionUser[] = [];
    const queries: string[] = [];
    const actor = createActor(
      adminProxyMachine.provide({
        actors: {
          searchCustomers: fromPromise(async ({ input }) => {
            queries.push(input.query);
            return input.query === 'dana' ? [dana] : [];
          }),
          verifyIdentity: fromPromise(verify),
          startProxy: fromPromise(async ({ input }) => ({ ...session, cid: input.cid })),
        },
        actions: { 'act as the customer': (_, { user }) => handed.push(user) },
      }),
    ).start();
    return { actor, handed, queries };
  }

  it('finds customers, says when nobody matches, and ignores an empty search', async () => {
    const { actor, queries } = start(async () => {});
    actor.send({ type: 'search.typed', query: '   ' });
    expect(queries).toEqual([]);
    actor.send({ type: 'search.typed', query: ' nobody ' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.searched);
    expect(selectNoMatch(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'search.typed', query: 'dana' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.searched);
    expect(selectCustomers(actor.getSnapshot())).toEqual([dana]);
    expect(queries).toEqual(['nobody', 'dana']);
  });

  it('verifies the admin’s identity, then acts as the customer', async () => {
    const { actor, handed } = start(async () => {});
    actor.send({ type: 'customer.chosen', customer: dana });
    expect(selectSwitchingTo(actor.getSnapshot())).toEqual(dana);
    await waitFor(actor, (s) => s.status === 'done');
    expect(handed).toEqual([session]);
  });

  it('a cancelled Verify Identity does not switch and says why', async () => {
    const { actor, handed } = start(async () => {
      throw new Error(SESSION_NOTICES.reauthCancelled);
    });
    actor.send({ type: 'customer.chosen', customer: dana });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(handed).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(SESSION_NOTICES.reauthCancelled);
  });
});
