import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { emptyPerms } from '../../src/shared/permissions.ts';
import { routeByName, type RouteName } from '../../src/shared/routes.ts';
import { routeGateMachine, type GateSession } from '../../machines/session/route-gate.machine.ts';
import { selectGateVerdict } from '../../machines/session/route-gate.selectors.ts';

function start(production = false) {
  const calls: string[] = [];
  const actor = createActor(
    routeGateMachine.provide({
      actions: {
        'remember attempted route': (_, { route }) =>
          calls.push(`remember ${route.name} ${route.href}`),
        'notify route denied': () => calls.push('denied notice'),
      },
    }),
    { input: { production } },
  ).start();
  const go = (name: RouteName, href = routeByName(name).path) =>
    actor.send({
      type: 'route.requested',
      route: { name, href, access: routeByName(name).access },
    });
  const session = (s: GateSession) => actor.send({ type: 'session.changed', session: s });
  return { actor, calls, go, session, verdict: () => selectGateVerdict(actor.getSnapshot()) };
}

const viewer = {
  perms: {
    ...emptyPerms(),
    account: { has_view: true, has_manage: false },
    services: { has_view: true, has_manage: false },
  },
  site_admin: false,
};

describe('route gate', () => {
  it('opens public routes at once, before the login state is known', () => {
    const { go, verdict } = start();
    go('password-generator');
    expect(verdict()).toEqual({ kind: 'allowed' });
  });

  it('holds other routes until the login state is known', () => {
    const { go, verdict, session } = start();
    go('account');
    expect(verdict()).toEqual({ kind: 'pending' });
    session({ status: 'loggedIn', user: viewer });
    expect(verdict()).toEqual({ kind: 'allowed' });
  });

  it('sends a logged-out user to login with a redirect and keeps the attempted route', () => {
    const { go, verdict, session, calls } = start();
    session({ status: 'loggedOut' });
    go('billing', '/billing/?tab=bills');
    expect(verdict()).toEqual({ kind: 'login', redirect: '/billing/?tab=bills' });
    expect(calls).toEqual(['remember billing /billing/?tab=bills']);
  });

  it('turns a user without the permission away to account with the notice', () => {
    const { go, verdict, session, calls } = start();
    session({ status: 'loggedIn', user: viewer });
    go('billing');
    expect(verdict()).toEqual({ kind: 'account' });
    expect(calls).toEqual(['remember billing /billing/', 'denied notice']);
    go('services');
    expect(verdict()).toEqual({ kind: 'allowed' });
    go('admin');
    expect(verdict()).toEqual({ kind: 'account' });
  });

  it('admin manage passes every route; site admin routes need site_admin', () => {
    const { go, verdict, session } = start();
    session({
      status: 'loggedIn',
      user: {
        perms: { ...emptyPerms(), admin: { has_view: true, has_manage: true } },
        site_admin: true,
      },
    });
    for (const name of ['billing', 'payment', 'services', 'admin', 'account'] as const) {
      go(name);
      expect(verdict(), name).toEqual({ kind: 'allowed' });
    }
  });

  it('development pages are public outside production and for site admins in production', () => {
    const dev = start(false);
    dev.go('mailbox');
    expect(dev.verdict()).toEqual({ kind: 'allowed' });
    const prod = start(true);
    prod.session({ status: 'loggedIn', user: viewer });
    prod.go('mailbox');
    expect(prod.verdict()).toEqual({ kind: 'account' });
  });
});
