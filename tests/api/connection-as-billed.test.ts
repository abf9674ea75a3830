/**
 * The connection as the customer finds it (the portal's issue "The portal as a customer finds
 * it", item 6): what the connection page reads (`GET /services`, the record of its display id:
 * src/web/features/services/connection/api.ts), what the services list reads (the same answer) and what the
 * latest bill charges (`GET /billing/bills`, the bill's detail and its PDF) say the same of a
 * connectivity service: its speed, its router, its monthly price and its address.
 *
 * The expectations are the bill's own facts, read the way a customer reads a bill: the speed is the
 * recurring line that names a speed ("… Gbps …"), the router the recurring line that leases one,
 * the monthly price what the month's service lines add up to before tax (other providers' lines and
 * fees are not the service's price), the address the "Service address" the bill is printed with,
 * which is also the account's service address (`GET /user/profile`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bills as billsTable } from '../../src/server/db/schema.ts';
import type { BillDetail, BillsPage } from '../../src/shared/billing/schemas.ts';
import type { UserProfile } from '../../src/shared/session/types.ts';
import type { ServiceRecord, ServicesResponse } from '../../src/shared/services/rules.ts';
import { billedCustomer, billingTestApp, passOn, pdfText } from '../support/billing.ts';
import type { CookieClient } from '../support/http-client.ts';
import { login } from '../support/session.ts';
import type { TestApp } from '../support/test-app.ts';

/** The demo logins that are customers (README "Demo logins"); admin is the site's own. */
const DEMO_CUSTOMERS = ['demo', 'viewer', 'nobilling', 'overdue', 'suspended'] as const;
/** Those with a connection: every one but nobilling (the seed gives it none). */
const CONNECTED = ['demo', 'viewer', 'overdue', 'suspended'] as const;

/** "1 Gbps", "500 Mbps": a speed as a bill line names it. */
const SPEED = /\b\d+(?:\.\d+)? ?[MG]bps\b/;

let t: TestApp;
beforeAll(async () => {
  t = await billingTestApp();
});
afterAll(() => t.close());

async function json<T>(client: CookieClient, path: string): Promise<T> {
  const response = await client.get(path);
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

function connectivity(services: ServicesResponse): ServiceRecord[] {
  return Object.values(services.services)
    .flat()
    .filter((s) => s.kind === 'connectivity');
}

/** The facts of a bill's month of service, as its lines state them. */
function billedFacts(bill: BillDetail, pdf: string) {
  const service = bill.lines.filter((l) => ['recurring', 'promo', 'adjustment'].includes(l.kind));
  const speedLine = service.find((l) => l.kind === 'recurring' && SPEED.test(l.description));
  const routerLine = service.find((l) => l.kind === 'recurring' && /router/i.test(l.description));
  const printed = pdf.split('\n');
  const at = printed.indexOf('Service address');
  return {
    speed: speedLine ? SPEED.exec(speedLine.description)![0] : null,
    routerLine: routerLine?.description ?? null,
    monthlyCents: service.reduce((sum, l) => sum + Math.round(l.amount * 100), 0),
    address: at >= 0 ? printed[at + 1] : null,
  };
}

/**
 * The latest bill of a month of the connection: newest first, the first that charges a speed (fee
 * bills are no month of service, and a virtual server's monthly bill is another service's).
 */
async function latestServiceBill(client: CookieClient) {
  const page = await json<BillsPage>(client, '/billing/bills?limit=100');
  const newest = page.bills
    .filter((b) => b.kind !== 'fee')
    .sort((a, b) => (a.issue_date < b.issue_date ? 1 : a.issue_date > b.issue_date ? -1 : 0));
  for (const bill of newest) {
    const detail = await json<BillDetail>(client, `/billing/bills/${bill.bill_id}`);
    if (!detail.lines.some((l) => l.kind === 'recurring' && SPEED.test(l.description))) continue;
    const pdf = await client.get(`/billing/bills/${bill.bill_id}/pdf`);
    expect(pdf.status).toBe(200);
    return { detail, pdf: pdfText(Buffer.from(await pdf.arrayBuffer())) };
  }
  throw new Error('no bill charges the connection');
}

function oneLine(address: NonNullable<UserProfile['service_address']>): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zip_code}`;
}

describe('the demo customers: connection page, services list and latest bill agree', () => {
  beforeAll(async () => {
    // The day the demo data was seeded (its orders' time): the bills issued then are the latest.
    const demo = await login(t, 'demo');
    const [service] = connectivity(await json<ServicesResponse>(demo, '/services'));
    t.clock.set(service.created_at);
  });

  it.each(CONNECTED)(
    '%s: speed, router, monthly price and address as the latest bill charges them',
    async (username) => {
      const client = await login(t, username);
      const services = await json<ServicesResponse>(client, '/services');
      const listed = connectivity(services);
      expect(listed, 'one connection').toHaveLength(1);
      // The connection page finds its service by display id in the same answer.
      const page = listed[0];
      const connection = page.connection!;
      expect(connection, 'the connection page has its details').toBeDefined();

      const { detail, pdf } = await latestServiceBill(client);
      const billed = billedFacts(detail, pdf);
      const profile = await json<UserProfile>(client, '/user/profile');

      // The bill charges a speed and a router lease every month (demo data: 1 Gbps, XWi 7).
      expect(billed.speed, 'the bill names a speed').not.toBeNull();
      expect(billed.routerLine, 'the bill leases a router').not.toBeNull();
      expect(billed.monthlyCents).toBeGreaterThan(0);

      expect(connection.speed ?? '', 'speed').toContain(billed.speed);
      // The router as the bill's line names it, word for word.
      expect(connection.router, 'router').toBe(billed.routerLine);
      expect(Math.round(connection.monthly_price * 100), 'monthly price').toBe(billed.monthlyCents);
      expect(billed.address, 'the bill prints a service address').not.toBeNull();
      expect(connection.address, 'address').toBe(billed.address);
      expect(connection.address, "the account's service address").toBe(
        oneLine(profile.service_address!),
      );
      // The services list says what the service is: its speed and its street.
      expect(connection.summary).toContain(billed.speed);
      expect(connection.summary).toContain(profile.service_address!.line1);
    },
  );

  it('nobilling: no connection listed, and no bill for one', async () => {
    const client = await login(t, 'nobilling');
    expect(connectivity(await json<ServicesResponse>(client, '/services'))).toEqual([]);
    const profile = await json<UserProfile>(client, '/user/profile');
    // This login may not read bills (no payments permission): the ledger itself holds none.
    expect((await client.get('/billing/bills')).status).toBe(403);
    const held = await t.database.db
      .select({ id: billsTable.billId })
      .from(billsTable)
      .where(eq(billsTable.cid, profile.cid));
    expect(held).toEqual([]);
  });

  it('each customer sees its own connection only', async () => {
    const seen = new Map<string, string[]>();
    for (const username of DEMO_CUSTOMERS) {
      const client = await login(t, username);
      seen.set(
        username,
        connectivity(await json<ServicesResponse>(client, '/services')).map((s) => s.display_id),
      );
    }
    const all = [...seen.values()].flat();
    expect(new Set(all).size, 'no connection listed for two customers').toBe(all.length);
  });
});

describe('a connection month by month', () => {
  /** Passes on each day, and what the connection and the latest bill say after each. */
  async function monthsOf(customer: Awaited<ReturnType<typeof billedCustomer>>, days: string[]) {
    const client = await customer.client();
    const months: { connection: ServiceRecord['connection']; bill: BillDetail; pdf: string }[] = [];
    for (const day of days) {
      await passOn(t, day);
      const [service] = connectivity(await json<ServicesResponse>(client, '/services'));
      const { detail, pdf } = await latestServiceBill(client);
      months.push({ connection: service.connection, bill: detail, pdf });
    }
    return months;
  }

  it('the price follows the bill of each month: the first (a promo on it), then the second', async () => {
    t.clock.set('2030-03-10T19:00:00Z');
    const customer = await billedCustomer(t, { activatedOn: '2030-03-10' });
    const months = await monthsOf(customer, ['2030-03-10', '2030-04-10']);
    expect(months.map((m) => m.bill.kind)).toEqual(['activation', 'cycle']);
    const cents = months.map(({ connection, bill, pdf }) => {
      const billed = billedFacts(bill, pdf);
      expect(connection!.speed ?? '').toContain(billed.speed);
      expect(billed.routerLine).toContain(connection!.router);
      expect(Math.round(connection!.monthly_price * 100)).toBe(billed.monthlyCents);
      expect(connection!.address).toBe(billed.address);
      return billed.monthlyCents;
    });
    // The router's first month is free (a promo on the activation bill): two different prices.
    expect(months[0].bill.lines.some((l) => l.kind === 'promo')).toBe(true);
    expect(cents[0]).toBeLessThan(cents[1]);
  });

  it('without a router: no router on the page, none on the bill', async () => {
    t.clock.set('2030-05-10T19:00:00Z');
    const customer = await billedCustomer(t, {
      activatedOn: '2030-05-10',
      choices: {
        speed_id: 'speed_1000_sym',
        router: false,
        mesh_quantity: 0,
        installation_type: null,
        tribal_member: false,
      },
    });
    const [{ connection, bill, pdf }] = await monthsOf(customer, ['2030-05-10']);
    const billed = billedFacts(bill, pdf);
    expect(billed.routerLine).toBeNull();
    expect(connection!.router).toBeNull();
    expect(connection!.speed ?? '').toContain(billed.speed);
    expect(Math.round(connection!.monthly_price * 100)).toBe(billed.monthlyCents);
  });
});
