/**
 * One navigation's route check over a real route gate (portal.md §2 "Access"): the route waits
 * until the login state is known, then opens or goes to login or to the account; an earlier
 * route's verdict is never taken for the route asked for now.
 */
import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { emptyPerms } from '../../src/shared/permissions.ts';
import { routeByName, type RouteName } from '../../src/shared/routes.ts';
import { routeGateMachine } from '../../machines/session/route-gate.machine.ts';
import { checkRoute, routeCheckFor } from '../../machines/shell/route-check.machine.ts';

const viewer = {
  perms: { ...emptyPerms(), account: { has_view: true, has_manage: false } },
  site_admin: false,
};

function gate() {
  return createActor(routeGateMachine, { input: { production: false } }).start();
}

const check = (g: ReturnType<typeof gate>, name: RouteName) =>
  createActor(routeCheckFor(g), {
    input: { route: { name, href: routeByName(name).path, access: routeByName(name).access } },
  }).start();

describe('route check', () => {
  it('waits until the login state is known, then sends a visitor to login with the way back', async () => {
    const g = gate();
    const billing = check(g, 'billing');
    let verdict: unknown = null;
    void toPromise(billing).then((v) => (verdict = v));
    await Promise.resolve();
    expect(billing.getSnapshot().status).toBe('active');
    expect(verdict).toBeNull();
    g.send({ type: 'session.changed', session: { status: 'loggedOut' } });
    expect(await toPromise(billing)).toEqual({ kind: 'login', redirect: '/billing/' });
  });

  it('opens a public page at once', async () => {
    const name = 'password-generator';
    const route = { name, href: routeByName(name).path, access: routeByName(name).access };
    expect(await checkRoute(gate(), route)).toEqual({ kind: 'allowed' });
  });

  it('never takes the verdict of the route asked for before', async () => {
    const g = gate();
    g.send({ type: 'session.changed', session: { status: 'loggedIn', user: viewer } });
    expect(await toPromise(check(g, 'account'))).toEqual({ kind: 'allowed' });
    // Billing needs payments view, which the viewer lacks: to the account, not "allowed".
    expect(await toPromise(check(g, 'billing'))).toEqual({ kind: 'account' });
  });
});
