/**
 * The download machine in the browser, on a receipt of the demo login (the invoice page's
 * "Download PDF"; the DNS panel's "Export zone file" is the same link). The file's request is
 * held on the network from the press until the path says how it ends, so the busy link can be
 * seen and pressed again: then it goes on to the real server, whose PDF must be saved under the
 * receipt's name, or it is dropped, the one answer the server cannot give.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { INVOICE_TEXT } from '../../../../src/shared/billing/messages.ts';
import type { PaymentRecord } from '../../../../src/shared/billing/schemas.ts';
import { pdfText } from '../../../support/billing.ts';
import type { BrowserMapping } from '../runner.ts';
import { logInAs } from './portal.ts';

const PDF = '**/manage/api/v1.0/billing/payments/*/pdf';

/** The page's receipt and its file request held on the network. */
interface Walk {
  receipt: PaymentRecord;
  held: Promise<Route> | null;
}
const walks = new WeakMap<Page, Walk>();

function walkOf(page: Page): Walk {
  const walk = walks.get(page);
  if (!walk) throw new Error('the download walk has not started');
  return walk;
}

const link = (page: Page) => page.getByRole('link', { name: 'Download PDF' });
const refusal = (page: Page) =>
  page.getByTestId('notifications').getByRole('alert').filter({ hasText: ERROR_MESSAGES.timeout });

/** The held request, once the page has made it (the route holds only that one). */
async function heldRequest(page: Page): Promise<Route> {
  const walk = walkOf(page);
  if (!walk.held) throw new Error('no file request is on its way');
  const route = await walk.held;
  walk.held = null;
  return route;
}

export const downloadMapping: BrowserMapping = {
  machine: 'download',
  async start({ page, visit }) {
    await logInAs(page, visit, 'demo', null);
    const response = await page.request.get(`${API_BASE_PATH}/billing/payments?limit=1`);
    const [receipt] = ((await response.json()) as { payments: PaymentRecord[] }).payments;
    walks.set(page, { receipt, held: null });
    await visit(`/control/invoice/payments/${receipt.payment_id}/`);
    await link(page).waitFor();
  },
  events: {
    'download.pressed': async ({ page }) => {
      const walk = walkOf(page);
      if (!walk.held) {
        walk.held = new Promise<Route>((resolve) => {
          void page.route(PDF, (route) => resolve(route), { times: 1 });
        });
      }
      await link(page).click();
    },
    'xstate.done.actor.fetchFile': async ({ page, expect }) => {
      const walk = walkOf(page);
      const route = await heldRequest(page);
      const saved = page.waitForEvent('download');
      await route.continue();
      const file = await saved;
      expect(file.suggestedFilename()).toBe(`receipt-${walk.receipt.payment_id}.pdf`);
      const text = pdfText(await readFile(await file.path()));
      expect(text).toContain(INVOICE_TEXT.receiptTitle(walk.receipt.payment_id));
    },
    'xstate.error.actor.fetchFile': async ({ page, expect }) => {
      await (await heldRequest(page)).abort('internetdisconnected');
      // The reason is told as any call's is: a notification under the top bar.
      await expect(refusal(page)).toBeVisible();
    },
  },
  notCaused: {
    'xstate.error.actor.fetchFile': (place) =>
      (place.event as { error?: { status?: number } }).error?.status === 401
        ? 'an ended session leaves the page for the login page (the session and tokens paths); the link itself says nothing, which the machine paths check'
        : undefined,
  },
  states: {
    idle: async ({ page, expect }) => {
      await expect(link(page)).toBeVisible();
      await expect(link(page)).not.toHaveAttribute('aria-busy', 'true');
      await expect(link(page)).toHaveAttribute('href', /\/billing\/payments\/\d+\/pdf$/);
    },
    fetching: async ({ page, expect }) => {
      await expect(link(page)).toHaveAttribute('aria-busy', 'true');
      await expect(link(page)).toHaveAttribute('data-loading', 'true');
    },
  },
};
