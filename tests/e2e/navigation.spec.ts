/**
 * Every screen is reachable by links (portal.md §2): a walk that opens the account page once and
 * from there follows only links and tabs, as a person does, to every route of the route table the
 * login may see. On each page the portal tab of the route's section is the current one
 * (aria-current="page"), and axe checks the page in the light and the dark scheme (fixtures.ts).
 * `viewer` (view-only, no managed server) reaches what it may see and finds no link to the rest.
 */
import type { Locator, Page } from '@playwright/test';
import { SERVICES_SUB_NAVIGATION } from '../../src/shared/constants.ts';
import { ROUTES } from '../../src/shared/routes.ts';
import { DEMO_MANAGED_SERVER_IID } from '../../src/server/servers/demo-seed.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { logInAs } from './paths/mappings/portal.ts';

/**
 * The logged-in routes of portal.md §2 and the portal tab (§2 "Top navigation tabs") whose
 * section each belongs to. Admin is the site admins' and is left to the session's tests.
 */
const SECTION_OF: Record<string, string> = {
  account: 'Account',
  'account-activity': 'Account',
  services: 'Services',
  servicesParam: 'Services',
  'manage-server': 'Services',
  server: 'Services',
  ssl: 'Services',
  domain_redirects: 'Services',
  connection: 'Services',
  billing: 'Billing',
  payment: 'Billing',
  invoice: 'Billing',
};

/** Routes of the table a customer never sees: the site admins' (and the dev tools'). */
const SITE_ADMIN_KINDS = new Set(['siteAdmin', 'siteAdminInProduction']);

/** Which route of the table an address is (its path under /control/). */
function routeAt(url: string): string | undefined {
  const path = new URL(url).pathname.replace(/^\/control/, '');
  return ROUTES.find((route) => {
    const pattern = route.path
      .replace(/\/$/, '')
      .replace(/\/\{\w+\?\}/g, '(?:/[^/]+)?')
      .replace(/\{\w+\}/g, '[^/]+');
    return new RegExp(`^${pattern}/?$`).test(path);
  })?.name;
}

/** The walk: where it has been, each page checked on arrival. */
class Walk {
  readonly reached = new Set<string>();
  constructor(
    readonly page: Page,
    /** Links that must not be on any page this login sees. */
    readonly forbidden: readonly { name: string; href: RegExp }[] = [],
  ) {}

  get tabs(): Locator {
    return this.page.getByRole('navigation', { name: 'Portal' });
  }

  /** A level-1 heading, the sign that a page with that heading is shown. */
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true }).first();
  }

  /**
   * Clicks a link or tab and waits for the route it leads to and for `ready`, something only the
   * page it opens shows (the last page stays on screen while the next one's code loads); then
   * checks the current portal tab, the links that must not be there, and the page with axe.
   */
  async follow(target: Locator, route: string, ready: Locator) {
    await target.click();
    await expect
      .poll(() => routeAt(this.page.url()), { message: `the route after ${String(target)}` })
      .toBe(route);
    await expect(ready).toBeVisible();
    await this.arrived(route);
  }

  async arrived(route: string) {
    expect(routeAt(this.page.url())).toBe(route);
    const current = this.tabs.locator('[aria-current="page"]');
    await expect(current, `the current tab on ${this.page.url()}`).toHaveText([SECTION_OF[route]!]);
    // No page holds a loader once the walk looks at it: each page is checked as it settles.
    await expect(this.page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    for (const link of this.forbidden) {
      const hrefs = await this.page
        .locator('a[href]')
        .evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
      expect(
        hrefs.filter((href) => link.href.test(href)),
        `${link.name} linked on ${this.page.url()}`,
      ).toEqual([]);
    }
    await expectAccessible(this.page, `${route}: ${this.page.url()}`);
    this.reached.add(route);
  }

  /** A portal tab (Account, Services, Billing): its page is headed with its name. */
  async tab(name: string, route: string) {
    await this.follow(
      this.tabs.getByRole('link', { name, exact: true }),
      route,
      this.heading(name),
    );
  }

  /** An entry of the services sub-navigation, selected on its page. */
  async subTab(label: string) {
    await this.follow(
      this.page.getByRole('tab', { name: label, exact: true }),
      'servicesParam',
      this.page.getByRole('tab', { name: label, exact: true, selected: true }),
    );
  }

  /** Every entry of the services sub-navigation, each on its own address. */
  async servicesSubNavigation() {
    await this.tab('Services', 'services');
    for (const { key, label } of SERVICES_SUB_NAVIGATION) {
      await this.subTab(label);
      await expect(this.page).toHaveURL(new RegExp(`/control/services/${key}/$`));
    }
  }

  /** A connection, from the services sub-navigation's Connectivity list. */
  async connection() {
    await this.tab('Services', 'services');
    await this.subTab('Connectivity');
    const link = this.page.getByTestId('service-list').getByRole('link', { name: /^CON-/ });
    await this.follow(link.first(), 'connection', this.heading(/^Connection CON-/));
  }

  /** The servers list (services sub-navigation), then the server named. */
  async server(name: string) {
    await this.tab('Services', 'services');
    await this.subTab('Servers');
    await this.follow(
      this.page.getByRole('main').getByRole('link', { name, exact: true }),
      'server',
      this.page.getByRole('heading', { name: 'Size and cost' }),
    );
    await expect(this.heading(name)).toBeVisible();
  }

  /** Billing, then one of its bills. */
  async invoice() {
    await this.tab('Billing', 'billing');
    const bill = this.page.getByTestId('bills-table').getByRole('link', { name: /^Bill \d+$/ });
    await this.follow(bill.first(), 'invoice', this.heading(/^Invoice #\d+$/));
  }
}

/** The logged-in routes of the table that a customer may see (none of the site admins'). */
function customerRoutes(): string[] {
  return ROUTES.filter(
    (route) => route.access.kind !== 'public' && !SITE_ADMIN_KINDS.has(route.access.kind),
  )
    .map((route) => route.name)
    .sort();
}

test.describe('navigation by links', () => {
  test.describe.configure({ timeout: 120_000 });

  test('demo reaches every route of the table by links and tabs, under the tab of its section', async ({
    page,
    visit,
  }) => {
    // The table's customer routes are the ones the walk knows the section of: a route added to
    // the table without a way to it fails here.
    expect(customerRoutes()).toEqual(Object.keys(SECTION_OF).sort());
    const walk = new Walk(page);
    // The only address typed: the account page, as after logging in.
    await logInAs(page, visit, 'demo');
    await expect(walk.heading('Account')).toBeVisible();
    await walk.arrived('account');
    // Authorized contacts and users are a section of the account page.
    await expect(
      page.getByRole('heading', { name: 'Authorized contacts and users', level: 2 }),
    ).toBeVisible();
    // The account page links to its activity log.
    await walk.follow(
      page.getByRole('main').getByRole('link', { name: 'Activity log' }),
      'account-activity',
      walk.heading('Activity'),
    );
    await walk.tab('Account', 'account');

    await walk.servicesSubNavigation();
    await walk.connection();

    // The managed server: its page links to its view, whose tabs lead to SSL and redirects.
    await walk.server('sites');
    const serverReads: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'GET' &&
        new URL(request.url()).pathname.endsWith(`/servers/${DEMO_MANAGED_SERVER_IID}`)
      )
        serverReads.push(request.url());
    });
    const section = (name: string) => page.getByRole('tab', { name, exact: true });
    const shown = (name: string) => page.getByRole('tab', { name, exact: true, selected: true });
    await walk.follow(
      page.getByRole('link', { name: 'Manage hosting', exact: true }),
      'manage-server',
      shown('SSL'),
    );
    await expect(walk.heading('sites')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(
      `/control/servers/${DEMO_MANAGED_SERVER_IID}/manage/`,
    );
    const readsOnArrival = serverReads.length;
    expect(readsOnArrival).toBeGreaterThan(0);
    await walk.follow(
      section('Redirects'),
      'domain_redirects',
      page.getByRole('table', { name: 'Domain redirects' }),
    );
    await expect(shown('Redirects')).toBeVisible();
    await walk.follow(section('SSL'), 'ssl', page.getByRole('table', { name: 'SSL certificates' }));
    await expect(shown('SSL')).toBeVisible();
    // Another section is on the view's own address; the view stays (the server is not asked again).
    await walk.follow(
      section('Databases'),
      'manage-server',
      page.getByRole('table', { name: 'MySQL databases' }),
    );
    await expect(page).toHaveURL(/\/control\/servers\/\d+\/manage\/\?section=databases$/);
    expect(serverReads).toHaveLength(readsOnArrival);
    await walk.follow(
      page.getByRole('link', { name: 'Back to the server' }),
      'server',
      page.getByRole('heading', { name: 'Size and cost' }),
    );

    // Billing always links to payment methods; an invoice from its bills.
    await walk.tab('Billing', 'billing');
    await walk.follow(
      page.getByRole('main').getByRole('link', { name: 'Payment methods', exact: true }).first(),
      'payment',
      walk.heading('Payment methods'),
    );
    await walk.invoice();
    await walk.tab('Account', 'account');

    expect([...walk.reached].sort()).toEqual(Object.keys(SECTION_OF).sort());
  });

  test('viewer reaches what it may see, and nothing links to payment methods or a managed view', async ({
    page,
    visit,
  }) => {
    const walk = new Walk(page, [
      { name: 'Payment methods', href: /\/payment-methods\/?$/ },
      {
        name: 'A managed server view',
        href: /\/servers\/\d+\/manage\/?$|\/server\/\d+\/(ssl|domain_redirects)\/?$/,
      },
    ]);
    await logInAs(page, visit, 'viewer');
    await expect(walk.heading('Account')).toBeVisible();
    await walk.arrived('account');
    await expect(walk.tabs.getByRole('link')).toHaveText(['Account', 'Services', 'Billing']);
    await expect(
      page.getByRole('heading', { name: 'Authorized contacts and users', level: 2 }),
    ).toBeVisible();
    await walk.servicesSubNavigation();
    await walk.connection();
    await walk.server('viewer-vm');
    await expect(page.getByRole('link', { name: 'Manage hosting' })).toHaveCount(0);
    await walk.invoice();
    await walk.tab('Billing', 'billing');

    expect([...walk.reached].sort()).toEqual(
      ['account', 'services', 'servicesParam', 'connection', 'server', 'billing', 'invoice'].sort(),
    );
  });
});
