// @vitest-environment jsdom
/**
 * The app-wide actors (src/web/app/actors.ts): the session's actors are not part of the first
 * load. Until their code has loaded a public page opens at once and a page behind the login waits;
 * then the login state reaches the route gate.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from '#shared/routes';
import { selectGateVerdict } from '#machines/session/route-gate.selectors';
import { createAppActors } from '../../src/web/app/actors.ts';

function request(name: RouteName) {
  const definition = ROUTES.find((route) => route.name === name)!;
  return { name, href: definition.path, access: definition.access };
}

describe('the app-wide actors', () => {
  it('open the signup page before the session has loaded; the account page waits for it', async () => {
    const actors = createAppActors();
    expect(() => actors.session).toThrow('The session actors were used before they loaded');
    expect(() => actors.tokens).toThrow('The session actors were used before they loaded');

    actors.routeGate.send({ type: 'route.requested', route: request('signup') });
    expect(selectGateVerdict(actors.routeGate.getSnapshot())).toEqual({ kind: 'allowed' });
    actors.routeGate.send({ type: 'route.requested', route: request('account') });
    expect(selectGateVerdict(actors.routeGate.getSnapshot())).toEqual({ kind: 'pending' });

    const loading = actors.whenSession();
    expect(actors.whenSession()).toBe(loading);
    const session = await loading;
    expect(actors.session).toBe(session.session);
    expect(actors.tokens).toBe(session.tokens);
    // Without the session cookie nobody is logged in: the account page sends the visitor to login.
    expect(selectGateVerdict(actors.routeGate.getSnapshot())).toEqual({
      kind: 'login',
      redirect: '/account/',
    });
  });
});
