/**
 * The connection page as a customer finds it (docs/servers.md "Connections"): opened from the
 * services list by its link, it shows the speed, router, monthly price and address that the
 * customer's latest bill charges: read from the bill's lines and the "Service address" its PDF is
 * printed with, through the API. The demo logins are only read, never changed. The demo
 * customer's page is also the picture in docs/servers.md (docs/screenshots/connection.png).
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { BillDetail, BillsPage } from '../../../src/shared/billing/schemas.ts';
import { formatDollars } from '../../../src/shared/cart/money.ts';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import { serviceGroupLabel } from '../../../src/shared/services/rules.ts';
import { pdfText } from '../../support/billing.ts';
import { logInAs, logInThroughApi } from '../paths/mappings/portal.ts';
import { expect, test } from '../support/fixtures.ts';

const SCREENSHOT = path.resolve(import.meta.dirname, '../../../docs/screenshots/connection.png');

/** "1 Gbps", "500 Mbps": a speed as a bill line names it. */
const SPEED = /\b\d+(?:\.\d+)? ?[MG]bps\b/;

/** What the latest bill of a month of service charges, read as a customer reads a bill. */
interface Billed {
  speed: string;
  routerLine: string;
  monthlyCents: number;
  address: string;
}

async function getOk(api: APIRequestContext, url: string) {
  const response = await api.get(`${API_BASE_PATH}${url}`);
  expect(response.status(), url).toBe(200);
  return response;
}

/** Logs in through the API (the e2e access token lives 5 s: read at once) and reads the bill. */
async function latestBill(baseURL: string, username: string): Promise<Billed> {
  const { api } = await logInThroughApi(baseURL, username);
  try {
    const page = (await (await getOk(api, '/billing/bills?limit=100')).json()) as BillsPage;
    // Newest first, the first that charges a speed (fee bills are no month of service, and a
    // virtual server's monthly bill is another service's).
    const newest = page.bills
      .filter((b) => b.kind !== 'fee')
      .sort((a, b) => (a.issue_date < b.issue_date ? 1 : a.issue_date > b.issue_date ? -1 : 0));
    let detail: BillDetail | undefined;
    for (const bill of newest) {
      const lines = (await (
        await getOk(api, `/billing/bills/${bill.bill_id}`)
      ).json()) as BillDetail;
      if (lines.lines.some((l) => l.kind === 'recurring' && SPEED.test(l.description))) {
        detail = lines;
        break;
      }
    }
    if (!detail) throw new Error('no bill charges the connection');
    const pdf = pdfText(await (await getOk(api, `/billing/bills/${detail.bill_id}/pdf`)).body());
    const service = detail.lines.filter((l) =>
      ['recurring', 'promo', 'adjustment'].includes(l.kind),
    );
    const speedLine = service.find((l) => l.kind === 'recurring' && SPEED.test(l.description));
    const routerLine = service.find((l) => l.kind === 'recurring' && /router/i.test(l.description));
    const printed = pdf.split('\n');
    const at = printed.indexOf('Service address');
    expect(speedLine, 'the bill names a speed').toBeDefined();
    expect(routerLine, 'the bill leases a router').toBeDefined();
    expect(at, 'the bill prints a service address').toBeGreaterThanOrEqual(0);
    return {
      speed: SPEED.exec(speedLine!.description)![0],
      routerLine: routerLine!.description,
      monthlyCents: service.reduce((sum, l) => sum + Math.round(l.amount * 100), 0),
      address: printed[at + 1],
    };
  } finally {
    await api.dispose();
  }
}

/** The cell of a row of the connection's table, by its heading ("Speed"). */
function fact(page: Page, heading: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: heading, exact: true }) })
    .getByRole('cell');
}

test.describe('connection page', () => {
  // A login, the list and the page, each checked with axe in both schemes.
  test.describe.configure({ timeout: 60_000 });

  // Every demo customer with a connection (nobilling has none: tests/api/connection-as-billed).
  for (const username of ['demo', 'viewer', 'overdue', 'suspended']) {
    test(`${username}: opened from the services list, it shows what the latest bill charges`, async ({
      page,
      visit,
      baseURL,
    }) => {
      const billed = await latestBill(baseURL!, username);
      const street = billed.address.split(',')[0];

      await logInAs(page, visit, username, '/control/services/');
      const panel = page.getByTestId('panel-17');
      await panel
        .getByRole('button', { name: new RegExp(`^${serviceGroupLabel(17)} \\(`) })
        .click();
      // The row says what the service is: its speed and its street, beside its display id.
      const row = panel
        .getByTestId('service-list')
        .getByRole('listitem')
        .filter({
          has: page.getByRole('link', { name: /^CON-/ }),
        });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(billed.speed);
      await expect(row).toContainText(street);

      const link = row.getByRole('link', { name: /^CON-/ });
      const displayId = (await link.innerText()).trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/control/connection/${displayId}/?$`));
      await expect(
        page.getByRole('heading', { level: 1, name: `Connection ${displayId}` }),
      ).toBeVisible();

      await expect(fact(page, 'Speed')).toContainText(billed.speed);
      await expect(fact(page, 'Router')).toHaveText(billed.routerLine);
      await expect(fact(page, 'Monthly price')).toContainText(
        formatDollars(billed.monthlyCents / 100),
      );
      await expect(fact(page, 'Address')).toHaveText(billed.address);

      if (username === 'demo') await page.locator('main#main').screenshot({ path: SCREENSHOT });
    });
  }
});
