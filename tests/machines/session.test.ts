import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { emptyPerms } from '../../src/shared/permissions.ts';
import type { LogoutResponse, SessionUser, UserProfile } from '../../src/shared/session/types.ts';
import { selectLoginError } from '../../machines/session/login.selectors.ts';
import { sessionMachine, sessionWithCalls } from '../../machines/session/session.machine.ts';
import {
  selectActingAs,
  selectLoginActor,
  selectPortalTabs,
  selectSessionStatus,
  selectUser,
} from '../../machines/session/session.selectors.ts';

function user(username: string, extra: Partial<SessionUser> = {}): SessionUser {
  return {
    username,
    cid: 7,
    perms: { ...emptyPerms(), account: { has_view: true, has_manage: true } },
    site_admin: false,
    primary_admin: true,
    proxy: null,
    ...extra,
  };
}

function profile(base: SessionUser): UserProfile {
  return {
    ...base,
    logged_in: true,
    info: {
      name: `${base.username} Example`,
      first_name: base.username,
      middle_initial: '',
      last_name: 'Example',
      business: '',
      dob: '',
      phone: '(801) 555-0101',
      email: `${base.username}@example.com`,
    },
    service_address: null,
  };
}

const failure = (status: number, title: string, message: string) =>
  Object.assign(new Error(message), { status, title });

function start(options: {
  /** Whether the browser holds a session (the session hint cookie); it does unless told. */
  sessionCookie?: boolean;
  profiles?: (UserProfile | Error)[];
  login?: (input: { username: string; password: string }) => Promise<SessionUser>;
  logout?: () => Promise<LogoutResponse>;
}) {
  const profiles = [...(options.profiles ?? [])];
  const calls: string[] = [];
  const actor = createActor(
    sessionWithCalls({
      fetchProfile: fromPromise(async () => {
        calls.push('profile');
        const next = profiles.shift();
        if (!next || next instanceof Error) throw next ?? failure(401, 'Not logged in', '');
        return next;
      }),
      login: fromPromise<SessionUser, { username: string; password: string }>(async ({ input }) => {
        calls.push(`login ${input.username}`);
        if (!options.login) throw new Error('no login');
        return options.login(input);
      }),
      logout: fromPromise(async () => {
        calls.push('logout');
        if (!options.logout) throw new Error('no logout');
        return options.logout();
      }),
    }).provide({
      actions: {
        'clear notices': () => calls.push('clear notices'),
        'show logout notice': (_, p) => calls.push(`logout notice proxy=${p.proxy}`),
        'remember attempted route': (_, p) => calls.push(`remember ${p.route?.name}`),
        'go to login': (_, p) => calls.push(`go to login timeout=${p.timeout} ${p.redirect}`),
        'go to page after login': (_, p) => calls.push(`go to ${p.redirect}`),
        'go to admin proxy': () => calls.push('go to admin proxy'),
      },
    }),
  ).start();
  actor.send({ type: 'page.opened', sessionCookie: options.sessionCookie ?? true });
  return { actor, calls };
}

describe('session machine', () => {
  it('a browser without a session is logged out at once and asks for no profile', () => {
    const { actor, calls } = start({ sessionCookie: false, profiles: [profile(user('demo'))] });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedOut');
    expect(selectLoginActor(actor.getSnapshot())?.getSnapshot().matches('idle')).toBe(true);
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a browser without a session still logs in and loads the profile', async () => {
    const { actor, calls } = start({
      sessionCookie: false,
      profiles: [profile(user('demo'))],
      login: async () => user('demo'),
    });
    actor.send({
      type: 'login.submitted',
      username: 'demo',
      password: 'pw',
      redirect: '/billing/',
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls).toEqual(['login demo', 'profile', 'go to /billing/']);
  });

  it('the login state is undefined until the page says whether it holds a session', () => {
    const actor = createActor(sessionMachine).start();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('unknown');
    actor.stop();
  });

  it('is undefined until the profile answers, then logged in', async () => {
    const { actor } = start({ profiles: [profile(user('demo'))] });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('unknown');
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(selectUser(actor.getSnapshot())?.info.name).toBe('demo Example');
  });

  it('a failed profile fetch means logged out', async () => {
    const { actor, calls } = start({ profiles: [failure(401, 'Not logged in', 'x')] });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual(['profile']);
  });

  it('logs in, fetches the profile and goes to the redirect', async () => {
    const { actor, calls } = start({
      profiles: [failure(401, 'Not logged in', ''), profile(user('demo'))],
      login: async () => user('demo'),
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({
      type: 'login.submitted',
      username: 'demo',
      password: 'pw',
      redirect: '/billing/',
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls).toEqual(['profile', 'login demo', 'profile', 'go to /billing/']);
  });

  it('shows the server title and message when the login fails', async () => {
    const { actor } = start({
      login: async () => {
        throw failure(401, 'Login failed', 'The username or password is incorrect.');
      },
    });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'login.submitted', username: 'demo', password: 'bad' });
    const login = selectLoginActor(actor.getSnapshot())!;
    await waitFor(login, (s) => s.matches('idle'));
    expect(selectLoginError(login.getSnapshot())).toEqual({
      title: 'Login failed',
      message: 'The username or password is incorrect.',
    });
  });

  it('logout clears notices, shows the logout notice and goes to login', async () => {
    const { actor, calls } = start({
      profiles: [profile(user('demo'))],
      logout: async () => ({ proxy_logout: false, title: 'Access denied', msg: 'Logout complete' }),
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'logout.pressed' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(calls.slice(1)).toEqual([
      'logout',
      'clear notices',
      'logout notice proxy=false',
      'go to login timeout=false null',
    ]);
  });

  it('after proxy_logout the admin is restored and goes back to the admin proxy screen', async () => {
    const admin = user('admin', { site_admin: true });
    const customer = user('demo', { proxy: { admin_username: 'admin' } });
    const { actor, calls } = start({
      profiles: [profile(customer), profile(admin)],
      logout: async () => ({ ...admin, proxy_logout: true }),
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(selectActingAs(actor.getSnapshot())).toEqual({
      customer: 'demo Example',
      admin: 'admin',
    });
    actor.send({ type: 'logout.pressed' });
    await waitFor(
      actor,
      (s) => s.matches({ loggedIn: 'active' }) && s.context.user?.username === 'admin',
    );
    expect(calls.slice(1)).toEqual([
      'logout',
      'clear notices',
      'logout notice proxy=true',
      'profile',
      'go to admin proxy',
    ]);
    expect(selectActingAs(actor.getSnapshot())).toBeNull();
  });

  it('an ended session goes to login with timeout and a redirect to the attempted route', async () => {
    const { actor, calls } = start({ profiles: [profile(user('demo'))] });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'session.expired', attempted: { name: 'billing', href: '/billing/' } });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedOut');
    expect(calls.slice(1)).toEqual(['remember billing', 'go to login timeout=true /billing/']);
  });

  it('switches to another user (an admin acting as a customer)', async () => {
    const admin = user('admin', { site_admin: true });
    const customer = user('demo', { proxy: { admin_username: 'admin' } });
    const { actor, calls } = start({ profiles: [profile(admin), profile(customer)] });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'session.started', user: customer, redirect: '/account/' });
    await waitFor(
      actor,
      (s) => s.matches({ loggedIn: 'active' }) && s.context.user?.username === 'demo',
    );
    expect(calls).toEqual(['profile', 'profile', 'go to /account/']);
  });

  it('keeps the profile current when a refresh answers new permissions', async () => {
    const { actor } = start({ profiles: [profile(user('demo'))] });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    const perms = { ...emptyPerms(), payments: { has_view: true, has_manage: false } };
    actor.send({ type: 'user.refreshed', user: user('demo', { perms }) });
    expect(selectPortalTabs(actor.getSnapshot(), false).map((t) => t.label)).toEqual([
      'Account',
      'Billing',
    ]);
    expect(selectUser(actor.getSnapshot())?.info.email).toBe('demo@example.com');
  });

  it('shows the tabs the permissions allow', async () => {
    const all = Object.fromEntries(
      Object.keys(emptyPerms()).map((c) => [c, { has_view: true, has_manage: false }]),
    );
    const { actor } = start({
      profiles: [profile(user('admin', { site_admin: true, perms: all }))],
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(selectPortalTabs(actor.getSnapshot(), true).map((t) => t.label)).toEqual([
      'Account',
      'Admin',
      'Services',
      'Billing',
    ]);
  });

  it('a failed logout still forgets the user', async () => {
    const logout = vi.fn(async (): Promise<LogoutResponse> => {
      throw failure(0, '', 'Timed out when trying to contact server');
    });
    const { actor } = start({ profiles: [profile(user('demo'))], logout });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'logout.pressed' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });
});
