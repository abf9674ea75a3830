/**
 * The pages of the portal behind the login, by name: the router (router.tsx) loads this table with
 * the first of them rather than with the first load, so that the signup's first load does not
 * carry their imports nor the list of the files each one needs. Each view waits for the later
 * stylesheets (app/later-styles.ts).
 */
import type { RouteComponent } from '@tanstack/react-router';
import { BILLING } from '#shared/billing/constants';
import { DNS_PAGE_SIZE } from '#shared/dns/constants';
import { selectAccountSections } from '#machines/people/account.selectors';
import type { SessionSnapshot } from '#machines/session/session.selectors';
import type { ApiClient } from './api/client.ts';
import type { AppServices } from './app/context.tsx';
import { withLaterStyles } from './app/later-styles.ts';
import { installPrefetch } from './app/prefetch.ts';

type PageModule = Promise<{ default: RouteComponent }>;

export const PORTAL_PAGES = {
  account: withLaterStyles(() => import('./features/account/AccountPage.tsx')),
  accountActivity: withLaterStyles(() => import('./features/activity/ActivityPage.tsx')),
  admin: withLaterStyles(() => import('./features/admin/AdminProxyPage.tsx')),
  adminJobs: withLaterStyles(() => import('./features/admin/jobs/JobsPage.tsx')),
  adminSecondFactor: withLaterStyles(
    () => import('./features/admin/mfa-reset/SecondFactorResetPage.tsx'),
  ),
  mailbox: withLaterStyles(() => import('./features/mailbox/MailboxPage.tsx')),
  charts: withLaterStyles(() => import('./features/charts/ChartsPage.tsx')),
  invoice: withLaterStyles(() => import('./features/billing/invoice/InvoicePage.tsx')),
  billing: withLaterStyles(() => import('./features/billing/BillingPage.tsx')),
  payment: withLaterStyles(
    () => import('./features/billing/payment-methods/PaymentMethodsPage.tsx'),
  ),
  managedServer: withLaterStyles(() => import('./features/managed/ManagedServerPage.tsx')),
  services: withLaterStyles(() => import('./features/services/ServicesLayout.tsx')),
  servicesParam: withLaterStyles(() => import('./features/services/ServicesTabPage.tsx')),
  server: withLaterStyles(() => import('./features/servers/ServerPage.tsx')),
  connection: withLaterStyles(() => import('./features/services/connection/ConnectionPage.tsx')),
  servers: withLaterStyles(() => import('./features/servers/ServersPage.tsx')),
  dnspanel: withLaterStyles(() => import('./features/dns/DnsPage.tsx')),
} satisfies Record<string, () => PageModule>;

export type PortalPage = keyof typeof PORTAL_PAGES;

/**
 * The first GET requests of a portal page, started by its route while its code loads
 * (router.tsx, app/prefetch.ts): the same calls, with the same first page, that the page's views
 * make when they open, for the user the session holds. A call here that no view makes is only a
 * request too many. Each page's calls come from its own API modules, loaded with `import()`: they
 * are part of the page's code (already on their way when a login preloaded it), so no page's
 * code rides with this table.
 */
export const PORTAL_DATA: Partial<
  Record<PortalPage, (api: ApiClient, session: SessionSnapshot) => Promise<unknown>>
> = {
  account: async (api, session) => {
    const sections = selectAccountSections(session);
    if (!sections) return;
    const [{ accountApi }, { emailPreferencesApi, peopleApi }, security] = await Promise.all([
      import('./features/account/api.ts'),
      import('./features/people/api.ts'),
      import('./features/account/security/api.ts'),
    ]);
    if (sections.readInfo) void accountApi(api).userInfo();
    if (sections.contacts) void peopleApi(api, sections.actingAdmin).contacts();
    void emailPreferencesApi(api).get();
    if (!sections.actingAdmin) {
      void security.secondFactorApi(api).status();
      void security.passkeysApi(api).list();
    }
  },
  billing: async (api) => {
    const calls = (await import('./features/billing/api.ts')).billingApi(api);
    const firstPage = { limit: BILLING.pageSize, offset: 0 };
    void calls.userInfo();
    void calls.paymentAccounts();
    void calls.bills(firstPage);
    void calls.payments(firstPage);
  },
  services: async (api) => void (await import('./features/services/api.ts')).servicesApi(api).all(),
  servers: async (api) =>
    void (await import('./features/servers/api.ts'))
      .serversApi(api)
      .list({ column: 'iid', ascending: true }),
  dnspanel: async (api) =>
    void (await import('./features/dns/api.ts'))
      .dnsApi(api)
      .loadZones({ limit: DNS_PAGE_SIZE, offset: 0 }),
};

/**
 * Asks for a portal page's data while its code loads (its route's loader, router.tsx, once the
 * route gate let it open): `PORTAL_DATA` makes the page's first GET requests, and the views take
 * their answers (app/prefetch.ts, installed into the app's client here, the first time) instead
 * of asking only once their code is here.
 */
export async function askForData(services: AppServices, name: PortalPage): Promise<void> {
  const ask = PORTAL_DATA[name];
  services.prefetch ??= installPrefetch(services.api);
  // A page open to everyone passes the route gate at once: the session's code may still be on its
  // way then (app/actors.ts `whenSession`), and reading its actor before it is here throws.
  const session = (await services.actors.whenSession()).session.getSnapshot();
  // A page without calls here still starts its visit: what an earlier one left is forgotten.
  services.prefetch((api) => void ask?.(api, session).catch(() => undefined));
}
