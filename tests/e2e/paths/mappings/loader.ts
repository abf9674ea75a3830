/**
 * The loader machine in the browser, on the mailbox page (the page with both of the loader's
 * controls: Refresh and, after a failure, Try again). The data comes from the real server; a
 * server that cannot be reached is the one answer it cannot give, so that request is dropped on
 * the network.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { selectLoadError } from '../../../../machines/session/loader.selectors.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import type { BrowserContext, BrowserMapping } from '../runner.ts';

type LoaderSnapshot = Parameters<typeof selectLoadError>[0];
const loader = (snapshot: AnyMachineSnapshot) => snapshot as unknown as LoaderSnapshot;

const MAILBOX = '**/manage/api/v1.0/mailbox';
const IN_FLIGHT = 'lasts only while the server answers; the state after it is checked';

/** The next load reaches the server, or is dropped on the network when it is to fail. */
async function prepareNextLoad(page: Page, upcoming: BrowserContext['upcoming']) {
  await page.unroute(MAILBOX);
  if (upcoming[0]?.type === 'xstate.error.actor.load')
    await page.route(MAILBOX, (route) => route.abort('internetdisconnected'));
}

const mailboxButton = (page: Page) => page.getByRole('button', { name: 'Refresh' });

export const loaderMapping: BrowserMapping = {
  machine: 'loader',
  async start({ page, visit, upcoming }) {
    await prepareNextLoad(page, upcoming);
    await visit('/control/mailbox/');
  },
  events: {
    'reload.requested': async ({ page, upcoming }) => {
      await prepareNextLoad(page, upcoming);
      await mailboxButton(page).click();
    },
    'retry.pressed': async ({ page, upcoming }) => {
      await prepareNextLoad(page, upcoming);
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    // The server's answer (or the network's silence) was set up by the action before.
    'xstate.done.actor.load': async () => {},
    'xstate.error.actor.load': async () => {},
  },
  states: {
    loaded: async ({ page, expect }) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading the mailbox' })).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      // The outbox of this test server: empty, or the messages sent so far.
      await expect(
        page
          .getByText(SESSION_NOTICES.mailboxEmpty)
          .or(page.getByRole('list', { name: 'Messages' })),
      ).toBeVisible();
      await expect(mailboxButton(page)).toBeEnabled();
    },
    failed: async ({ page, expect, step }) => {
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The mailbox could not be loaded');
      await expect(alert).toContainText(selectLoadError(loader(step.snapshot)) ?? '');
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(page.getByRole('list', { name: 'Messages' })).toHaveCount(0);
      await expect(page.getByText(SESSION_NOTICES.mailboxEmpty)).toHaveCount(0);
    },
  },
  notCaused: {
    // Refresh is there once the mailbox shows; a reload during a load comes from the page's own
    // changes (a payment, an autopay change: the billing page's reloads).
    'reload.requested': (place) =>
      place.previous?.type === 'xstate.done.actor.load'
        ? undefined
        : 'Refresh is offered only once the data shows; a page asks for a second reload itself',
  },
  notShown: {
    loading: IN_FLIGHT,
    reloading: IN_FLIGHT,
  },
};
