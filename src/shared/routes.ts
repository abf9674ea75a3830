/**
 * The portal's route table (portal.md §2) with the access rule of each route.
 * Paths are relative to the web base path and use `{param}` / `{param?}` placeholders.
 */
import type { Permission } from './permissions.ts';

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'login' }
  /** Passes if any of the permissions holds (portal.md §6). */
  | { kind: 'permission'; anyOf: readonly Permission[] }
  | { kind: 'siteAdmin' }
  /** Public outside production; site admins only in production. */
  | { kind: 'siteAdminInProduction' };

/** The portal tabs (portal.md §2 "Top navigation tabs"), each named by its route. */
export type PortalSection = 'account' | 'admin' | 'services' | 'billing';

export interface RouteDefinition {
  name: string;
  path: string;
  access: RouteAccess;
  title: string;
  /** The portal tab whose section the route is in: the tab shown as current on its pages. */
  section?: PortalSection;
}

const PUBLIC = { kind: 'public' } as const;
const LOGIN = { kind: 'login' } as const;
const SERVICES_VIEW = { kind: 'permission', anyOf: ['services.view'] } as const;

export const ROUTES = [
  { name: 'root', path: '/', access: PUBLIC, title: 'Home' },
  { name: 'signup', path: '/signup/{components?}', access: PUBLIC, title: 'Sign up' },
  { name: 'login', path: '/login/', access: PUBLIC, title: 'Log in' },
  { name: 'pw', path: '/pw/', access: PUBLIC, title: 'Password recovery' },
  {
    name: 'password-recovery',
    path: '/password-recovery/',
    access: PUBLIC,
    title: 'Password recovery',
  },
  {
    name: 'username-recovery',
    path: '/username-recovery/',
    access: PUBLIC,
    title: 'Username recovery',
  },
  {
    name: 'password-update',
    path: '/password-update/{id}',
    access: PUBLIC,
    title: 'Set a new password',
  },
  {
    name: 'password-generator',
    path: '/password-generator/',
    access: PUBLIC,
    title: 'Password generator',
  },
  { name: 'passgen', path: '/passgen/', access: PUBLIC, title: 'Password generator' },
  { name: 'unsubscribe', path: '/unsubscribe/', access: PUBLIC, title: 'Unsubscribe' },
  { name: 'test', path: '/test/{argument}', access: PUBLIC, title: 'Test' },
  { name: 'account', path: '/account/', access: LOGIN, title: 'Account', section: 'account' },
  {
    name: 'account-activity',
    path: '/account/activity/',
    access: { kind: 'permission', anyOf: ['account.view'] },
    title: 'Activity',
    section: 'account',
  },
  {
    name: 'admin',
    path: '/admin/',
    access: { kind: 'siteAdmin' },
    title: 'Admin',
    section: 'admin',
  },
  {
    name: 'admin-jobs',
    path: '/admin/jobs/',
    access: { kind: 'siteAdmin' },
    title: 'Jobs',
    section: 'admin',
  },
  {
    name: 'admin-second-factor',
    path: '/admin/second-factor/',
    access: { kind: 'siteAdmin' },
    title: 'Second factor reset',
    section: 'admin',
  },
  {
    name: 'services',
    path: '/services/',
    access: SERVICES_VIEW,
    title: 'Services',
    section: 'services',
  },
  {
    name: 'servicesParam',
    path: '/services/{service}',
    access: SERVICES_VIEW,
    title: 'Services',
    section: 'services',
  },
  {
    name: 'manage-server',
    path: '/servers/{server}/manage',
    access: LOGIN,
    title: 'Managed server',
    section: 'services',
  },
  {
    name: 'server',
    path: '/server/{iid}',
    access: SERVICES_VIEW,
    title: 'Server',
    section: 'services',
  },
  {
    name: 'ssl',
    path: '/server/{iid}/ssl',
    access: SERVICES_VIEW,
    title: 'Server SSL',
    section: 'services',
  },
  {
    name: 'domain_redirects',
    path: '/server/{iid}/domain_redirects',
    access: SERVICES_VIEW,
    title: 'Domain redirects',
    section: 'services',
  },
  {
    name: 'connection',
    path: '/connection/{display_id}',
    access: SERVICES_VIEW,
    title: 'Connection',
    section: 'services',
  },
  {
    name: 'billing',
    path: '/billing/',
    access: { kind: 'permission', anyOf: ['payments.view'] },
    title: 'Billing',
    section: 'billing',
  },
  {
    name: 'payment',
    path: '/payment-methods/',
    access: { kind: 'permission', anyOf: ['payments.manage'] },
    title: 'Payment methods',
    section: 'billing',
  },
  {
    name: 'invoice',
    path: '/invoice/{endpoint}/{id}',
    access: LOGIN,
    title: 'Invoice',
    section: 'billing',
  },
  {
    name: 'charts',
    path: '/charts/',
    access: { kind: 'siteAdminInProduction' },
    title: 'Statecharts',
  },
  {
    name: 'mailbox',
    path: '/mailbox/',
    access: { kind: 'siteAdminInProduction' },
    title: 'Mailbox',
  },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function routeByName(name: RouteName): RouteDefinition {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}
