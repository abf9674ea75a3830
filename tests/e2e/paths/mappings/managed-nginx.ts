/**
 * The web server switch of a managed server in the browser (portal.md §2 "Managed server view"),
 * on the "Web server" section of the managed server of a customer of the path's own
 * (`claimBilledCustomer`). The real stand-in host agent
 * answers; the one answer it never gives (the switch answered but the web server stayed where it
 * was) is left to the machine tests, and a failure is the request dropped on the network.
 * The walk starts from the status it needs: the switch is set through the page first. A walk that
 * asks before turning the web server off first makes, through the page, the sites and redirect
 * the registration's confirmation names (two vhosts, one redirect).
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { MANAGED_MESSAGES as M } from '../../../../src/shared/managed/messages.ts';
import { selectTurnOffQuestion } from '../../../../machines/managed/nginx.selectors.ts';
import { billedManagedServerIid, claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { logInAs } from './portal.ts';
import { pressCovered } from '../../support/hidden-controls.ts';

/** The path's own customer and its managed server. */
const walk = { username: '', iid: 0 };
const section = () => `/control/servers/${walk.iid}/manage?section=nginx`;
const NGINX = '**/manage/api/v1.0/managed_vm/*/nginx';

const toggle = (page: Page) => page.getByRole('tabpanel').getByRole('switch');
const question = (page: Page) => page.getByRole('dialog', { name: M.nginxOffTitle });
/** The sites and redirect of the registration's "flip the switch". */
const SITES = ['shop.example.com', 'blog.example.com'];
const REDIRECT = { from: 'old.example.com', to: 'https://shop.example.com/' };
const sitesOf = (event: EventObject) => (event as { sites?: unknown }).sites;
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: M.nginxFailed });
const statusOf = (event: EventObject) => (event as { output?: { status?: string } }).output?.status;

/** Drops the next request of this method to the switch's endpoint. */
async function dropNext(page: Page, method: 'GET' | 'PUT') {
  await page.route(
    NGINX,
    (route) =>
      route.request().method() === method ? route.abort('internetdisconnected') : route.fallback(),
    { times: 1 },
  );
}

/** Turns the web server on or off through the page, as the walk's start needs. */
async function setStatus(page: Page, status: 'on' | 'off') {
  const label = status === 'on' ? M.nginxOn : M.nginxOff;
  const other = status === 'on' ? M.nginxOff : M.nginxOn;
  await toggle(page).and(page.locator(':enabled')).waitFor();
  if (await page.getByText(other, { exact: true }).isVisible()) {
    await pressCovered(toggle(page));
    // Turning it off asks first.
    if (status === 'off')
      await question(page).getByRole('button', { name: M.nginxOffConfirm }).click();
  }
  await page.getByText(label, { exact: true }).waitFor();
}

/** Makes the registration's sites and redirect on the server, through the page. */
async function makeSites(page: Page, visit: (path: string) => Promise<void>) {
  await visit(`/control/servers/${walk.iid}/manage?section=vhosts`);
  const addVhost = page.getByRole('form', { name: 'Add vhost' });
  for (const domain of SITES) {
    await addVhost.getByLabel('Domain').fill(domain);
    await addVhost.getByRole('button', { name: 'Add vhost' }).click();
    await page.getByRole('table', { name: 'Vhosts' }).getByRole('row', { name: domain }).waitFor();
  }
  await visit(`/control/servers/${walk.iid}/manage?section=redirects`);
  const addRedirect = page.getByRole('form', { name: 'Add redirect' });
  await addRedirect.getByLabel('Redirect from (domain)').fill(REDIRECT.from);
  await addRedirect.getByLabel('Redirect to (address)').fill(REDIRECT.to);
  await addRedirect.getByRole('button', { name: 'Add redirect' }).click();
  await page.getByRole('table', { name: 'Domain redirects' }).getByText(REDIRECT.from).waitFor();
}

/** The question names what stops, as the machine's selector says for the predicted state. */
async function checkQuestion({ page, expect, step }: StateCheckContext) {
  const expected = selectTurnOffQuestion(step.snapshot as never);
  await expect(question(page)).toContainText(expected?.stops ?? '');
  for (const name of expected?.names ?? []) await expect(question(page)).toContainText(name);
}

export const managedNginxMapping: BrowserMapping = {
  machine: 'managed-nginx',
  async start({ page, visit, upcoming }) {
    walk.username = claimBilledCustomer();
    walk.iid = billedManagedServerIid(walk.username);
    await logInAs(page, visit, walk.username);
    if (
      upcoming.some(
        (event) => event.type === 'nginx.off.confirmed' || event.type === 'nginx.off.cancelled',
      )
    )
      await makeSites(page, visit);
    const first = upcoming[0];
    if (first?.type === 'xstate.done.actor.status') {
      await visit(section());
      await setStatus(page, statusOf(first) === 'off' ? 'off' : 'on');
    }
  },
  events: {
    'xstate.done.actor.status': async ({ page, visit }) => {
      // The status was set by the start: the page now loads it afresh.
      await visit(section());
      await toggle(page).waitFor();
    },
    'xstate.error.actor.status': async ({ page, visit, expect }) => {
      await dropNext(page, 'GET');
      await visit(section());
      await expect(failure(page)).toBeVisible();
    },
    'nginx.reload.pressed': async ({ page }) => {
      await page.unroute(NGINX);
      await failure(page).getByRole('button', { name: 'Try again' }).click();
    },
    'nginx.switch.toggled': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.switchOn') await dropNext(page, 'PUT');
      await pressCovered(toggle(page));
    },
    'nginx.off.confirmed': async ({ page, upcoming }) => {
      if (upcoming[0]?.type === 'xstate.error.actor.switchOff') await dropNext(page, 'PUT');
      await question(page).getByRole('button', { name: M.nginxOffConfirm }).click();
    },
    'nginx.off.cancelled': async ({ page }) => {
      await question(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'xstate.done.actor.switchOff': async ({ page, expect }) => {
      await expect(page.getByText(M.nginxOff, { exact: true })).toBeVisible();
    },
    'xstate.done.actor.switchOn': async ({ page, expect }) => {
      await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
    },
    'xstate.error.actor.switchOff': async ({ page, expect }) => {
      await expect(failure(page)).toBeVisible();
    },
    'xstate.error.actor.switchOn': async ({ page, expect }) => {
      await expect(failure(page)).toBeVisible();
    },
  },
  notCaused: {
    // The page's lists load with it: the sites are known when the switch is pressed.
    'nginx.switch.toggled': ({ event }) =>
      sitesOf(event) === undefined ? 'the page knows its sites and redirects' : undefined,
    'xstate.done.actor.switchOff': ({ event }) =>
      statusOf(event) === 'on' ? 'the host agent does what the switch asked' : undefined,
    'xstate.done.actor.switchOn': ({ event }) =>
      statusOf(event) === 'off' ? 'the host agent does what the switch asked' : undefined,
    // The API's errors always carry a message; the product's own words are for one that does not.
    'xstate.error.actor.switchOn': ({ event }) =>
      (event as EventObject & { error?: { message?: string } }).error?.message
        ? undefined
        : 'every error of the API and of the network carries a message',
  },
  states: {
    confirmingOff: async (context) => {
      const { page, expect } = context;
      await expect(question(page)).toBeVisible();
      await checkQuestion(context);
      await expect(toggle(page)).toBeChecked();
    },
    on: async ({ page, expect }) => {
      await expect(question(page)).toHaveCount(0);
      await expect(toggle(page)).toBeChecked();
      await expect(toggle(page)).toBeEnabled();
      await expect(page.getByText(M.nginxOn, { exact: true })).toBeVisible();
      await expect(failure(page)).toHaveCount(0);
    },
    off: async ({ page, expect }) => {
      await expect(toggle(page)).not.toBeChecked();
      await expect(toggle(page)).toBeEnabled();
      await expect(page.getByText(M.nginxOff, { exact: true })).toBeVisible();
      await expect(failure(page)).toHaveCount(0);
    },
    failed: async ({ page, expect }) => {
      await expect(failure(page)).toContainText(ERROR_MESSAGES.timeout);
      await expect(toggle(page)).toBeDisabled();
    },
  },
  notShown: {
    loading: 'lasts only while the status is asked for; the state after it is checked',
    turningOff: 'lasts only while the host agent answers; the state after it is checked',
    turningOn: 'lasts only while the host agent answers; the state after it is checked',
  },
};
