/**
 * A new DNS zone's countdown in the browser (portal.md §4 "DNS paging", §9): a customer of the
 * path's own (`claimBilledCustomer`, no zones yet) creates a zone on the DNS panel, and its Edit
 * and Delete say how many seconds they stay disabled. Playwright's clock is held from the moment
 * the zone is sent: each "a second passes" moves it on by one second, and the buttons must say one
 * second less, until both work again.
 */
import type { Page } from '@playwright/test';
import { DNS } from '../../../../src/shared/dns/constants.ts';
import { DNS_MESSAGES } from '../../../../src/shared/dns/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping } from '../runner.ts';
import { holdTheClock, releaseAtEnd } from './clock.ts';
import { logInAs } from './portal.ts';

const TICK = 'xstate.after.countdownTick.zoneCountdown.counting';
const zones = new WeakMap<Page, string>();

const zoneRow = (page: Page) =>
  page.getByTestId('dns-zone').filter({
    has: page.getByRole('button', { name: zones.get(page) ?? '', exact: true }),
  });

export const dnsZoneCountdownMapping: BrowserMapping = {
  machine: 'dns-zone-countdown',
  async start({ page, visit }) {
    const username = claimBilledCustomer();
    const zoneName = `${username}-${Date.now().toString(36)}.example`;
    zones.set(page, zoneName);
    await page.clock.install();
    await logInAs(page, visit, username, '/control/services/dnspanel');
    await page.getByRole('textbox', { name: 'Zone name' }).fill(zoneName);
    // The countdown starts with the server's answer, on the held clock.
    await holdTheClock(page);
    await page.getByRole('button', { name: 'Create zone' }).click();
    await zoneRow(page).waitFor();
  },
  events: {
    [TICK]: async (context) => {
      await context.page.clock.runFor(DNS.countdownStepMs);
      await releaseAtEnd(context);
    },
  },
  states: {
    counting: async ({ page, expect, step }) => {
      const { remaining } = step.projection as { remaining: number };
      for (const label of ['Edit', 'Delete']) {
        await expect(
          zoneRow(page).getByRole('button', {
            name: DNS_MESSAGES.disabledFor(label, remaining),
            exact: true,
          }),
        ).toBeDisabled();
      }
    },
    done: async ({ page, expect }) => {
      for (const label of ['Edit', 'Delete']) {
        await expect(zoneRow(page).getByRole('button', { name: label, exact: true })).toBeEnabled();
      }
    },
  },
};
