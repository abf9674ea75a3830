/**
 * The pages of the portal behind the login, by name: the router (router.tsx) loads this table with
 * the first of them rather than with the first load, so that the signup's first load does not
 * carry their imports nor the list of the files each one needs. Each view waits for the later
 * stylesheets (app/later-styles.ts).
 */
import type { RouteComponent } from '@tanstack/react-router';
import { withLaterStyles } from './app/later-styles.ts';

type PageModule = Promise<{ default: RouteComponent }>;

export const PORTAL_PAGES = {
  account: withLaterStyles(() => import('./features/account/AccountPage.tsx')),
  accountActivity: withLaterStyles(() => import('./features/account/activity/ActivityPage.tsx')),
  admin: withLaterStyles(() => import('./features/admin/AdminProxyPage.tsx')),
  adminJobs: withLaterStyles(() => import('./features/admin/jobs/JobsPage.tsx')),
  adminSecondFactor: withLaterStyles(
    () => import('./features/admin/mfa-reset/SecondFactorResetPage.tsx'),
  ),
  mailbox: withLaterStyles(() => import('./features/mailbox/MailboxPage.tsx')),
  charts: withLaterStyles(() => import('./features/charts/ChartsPage.tsx')),
  invoice: withLaterStyles(() => import('./features/invoice/InvoicePage.tsx')),
  billing: withLaterStyles(() => import('./features/billing/BillingPage.tsx')),
  payment: withLaterStyles(() => import('./features/payment-methods/PaymentMethodsPage.tsx')),
  managedServer: withLaterStyles(() => import('./features/managed/ManagedServerPage.tsx')),
  services: withLaterStyles(() => import('./features/services/ServicesLayout.tsx')),
  servicesParam: withLaterStyles(() => import('./features/services/ServicesTabPage.tsx')),
  server: withLaterStyles(() => import('./features/servers/ServerPage.tsx')),
  connection: withLaterStyles(() => import('./features/connection/ConnectionPage.tsx')),
  servers: withLaterStyles(() => import('./features/servers/ServersPage.tsx')),
  dnspanel: withLaterStyles(() => import('./features/dns/DnsPage.tsx')),
} satisfies Record<string, () => PageModule>;

export type PortalPage = keyof typeof PORTAL_PAGES;
