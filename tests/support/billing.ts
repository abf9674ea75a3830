/**
 * Billing test helpers: an app whose card processor is the stand-in provider reached in process,
 * customers with an active connectivity service, billing passes on the app's clock, and the text
 * of a PDF read back.
 */
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/session/passwords.ts';
import {
  ALL_PERMISSIONS,
  permissionColumns,
  type PermissionGrant,
} from '../../src/server/session/accounts.ts';
import {
  createBilledCustomer,
  cartFor,
  type NewPaymentAccount,
} from '../../src/server/billing/accounts.ts';
import { runBillingPass } from '../../src/server/billing/run.ts';
import { createCardProviderApp } from '../../src/server/billing/card-provider/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { Logger } from '../../src/server/logger.ts';
import { useCardProcessor } from '../../src/server/billing/processors/index.ts';
import { createSandboxCardProcessor } from '../../src/server/billing/processors/sandbox-processor.ts';
import type { BillRecord, BillsPage } from '../../src/shared/billing/schemas.ts';
import type { CartChoices } from '../../src/shared/cart/offering.ts';
import { INVOICE_TEXT } from '../../src/shared/billing/messages.ts';
import type { CookieClient } from './http-client.ts';
import { login } from './session.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const SITE = 'http://127.0.0.1:3000';
export const PROVIDER = 'http://localhost:3001';
export const PASSWORD = 'Quiet-Harbor-Lantern-42';

/** Noon in the service time zone (UTC−7/−6) on a date: never near midnight. */
export function noonOn(date: string): string {
  return `${date}T19:00:00Z`;
}

/** The stand-in card provider of `config`, reached in process, used by the processor. */
export function useInProcessCardProvider(config: Config, db: Database, logger: Logger) {
  const provider = createCardProviderApp({ config, db, logger });
  useCardProcessor(
    config,
    createSandboxCardProcessor(config, {
      fetch: async (input, init) => provider.request(input, init),
    }),
  );
  return provider;
}

export async function billingTestApp(start = '2030-01-15'): Promise<TestApp> {
  const t = await createTestApp({ now: noonOn(start) });
  useInProcessCardProvider(t.config, t.database.db, t.logger);
  return t;
}

/** A card token as the provider's form would make one. */
export async function cardToken(
  t: Pick<TestApp, 'config' | 'database' | 'logger'>,
  number = '4242 4242 4242 4242',
  expiry = '08/35',
): Promise<{ token: string; brand: string; lastFour: string; expMonth: number; expYear: number }> {
  const provider = createCardProviderApp({ config: t.config, db: t.database.db, logger: t.logger });
  const response = await provider.request(`${PROVIDER}/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PROVIDER },
    body: JSON.stringify({ number, expiry, cvc: '321', name: 'Pat Payer', parent_origin: SITE }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { card } = (await response.json()) as {
    card: { token: string; brand: string; last_four: string; exp_month: number; exp_year: number };
  };
  return {
    token: card.token,
    brand: card.brand,
    lastFour: card.last_four,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

let counter = 0;
let passwordHash: Promise<string> | undefined;

export interface BilledOptions {
  activatedOn?: string | null;
  automatic?: boolean;
  paperInvoice?: boolean;
  contracted?: boolean;
  cardNumber?: string;
  bankAccount?: string;
  permissions?: PermissionGrant;
  choices?: CartChoices;
}

/** A customer with an active connectivity service (activated on `activatedOn`, default today). */
export async function billedCustomer(t: TestApp, options: BilledOptions = {}) {
  counter += 1;
  const username = `payer${counter}-${Date.now().toString(36)}`;
  const today = t.clock.now().toISOString().slice(0, 10);
  const activatedOn = options.activatedOn === undefined ? today : options.activatedOn;
  passwordHash ??= hashPassword(PASSWORD);
  let paymentAccount: NewPaymentAccount;
  if (options.bankAccount) {
    const { bankCipherFor } = await import('../../src/server/billing/processors/index.ts');
    paymentAccount = {
      method: 'ACH',
      account: options.bankAccount,
      routing: '123456789',
      cipher: await bankCipherFor(t),
    };
  } else {
    paymentAccount = { method: 'CC', ...(await cardToken(t, options.cardNumber)) };
  }
  const order = await cartFor(t.database.db, {
    productName: t.config.productName,
    today: activatedOn ?? today,
    choices: options.choices,
  });
  const ids = await t.database.db.transaction((tx) =>
    createBilledCustomer(tx, {
      username,
      passwordHash: '',
      firstName: 'Pat',
      lastName: 'Payer',
      email: `${username}@example.test`,
      permissions: options.permissions ?? ALL_PERMISSIONS,
      order,
      activatedOn,
      orderedAt: t.clock.now(),
      paymentAccount,
      automatic: options.automatic,
      paperInvoice: options.paperInvoice,
      contracted: options.contracted,
    }),
  );
  const { users } = await import('../../src/server/db/schema.ts');
  const { eq } = await import('drizzle-orm');
  await t.database.db
    .update(users)
    .set({ passwordHash: await passwordHash })
    .where(eq(users.uid, ids.uid));
  return { ...ids, username, order, client: () => login(t, username, PASSWORD) };
}

/**
 * Another login of customer `cid` (an authorized user, not its primary one), with a contact of its
 * own named `name` ("Jordan Lee"): it logs in with {@link PASSWORD}.
 */
export async function secondUserOf(
  t: TestApp,
  cid: number,
  name = { firstName: 'Jordan', lastName: 'Lee' },
  permissions: PermissionGrant = ALL_PERMISSIONS,
) {
  counter += 1;
  const username = `second${counter}-${Date.now().toString(36)}`;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const { contacts, users } = await import('../../src/server/db/schema.ts');
  await t.database.db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({
        cid,
        ...name,
        phone: '(801) 555-0155',
        email: `${username}@example.test`,
      })
      .returning({ contactId: contacts.contactId });
    await tx.insert(users).values({
      username,
      passwordHash: hash,
      cid,
      contactId: contact.contactId,
      primaryAdmin: false,
      ...permissionColumns(permissions),
    });
  });
  return { username, client: () => login(t, username, PASSWORD) };
}

/** Sets the clock to noon of `date` and runs one billing pass. */
export async function passOn(t: TestApp, date: string) {
  t.clock.set(noonOn(date));
  return runBillingPass(t, { today: date });
}

/** The text drawn in a PDF made by pdfkit (inflated content streams, hex and literal strings). */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamRe.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts =
        tj[1] !== undefined ? [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [tj[2]];
      out.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}

/** A GET answered 200, and its JSON body. */
export async function getJson<T>(client: CookieClient, path: string): Promise<T> {
  const response = await client.get(path);
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** A bill's invoice PDF, as its reader downloads it. */
export async function billPdf(client: CookieClient, billId: number): Promise<Buffer> {
  const response = await client.get(`/billing/bills/${billId}/pdf`);
  expect(response.status, `GET /billing/bills/${billId}/pdf`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Every bill of the reader's customer (up to 100), newest first, from `GET /billing/bills`. */
export async function billsOf(client: CookieClient): Promise<BillRecord[]> {
  return (await getJson<BillsPage>(client, '/billing/bills?limit=100')).bills;
}

/** The lines of a PDF's text after the line `from`, up to the first line `to` accepts. */
export function pdfSection(lines: string[], from: string, to: (line: string) => boolean) {
  // Plain errors, not a test runner's assertions: the browser tests read PDFs with it too.
  const start = lines.indexOf(from);
  if (start < 0) throw new Error(`"${from}" is not in the PDF:\n${lines.join('\n')}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex(to);
  if (end < 0) throw new Error(`"${from}" has no end in the PDF:\n${lines.join('\n')}`);
  return rest.slice(0, end);
}

/** The bill-to block of an invoice's or receipt's PDF text, line by line. */
export function pdfBillTo(text: string): string[] {
  return pdfSection(
    text.split('\n'),
    INVOICE_TEXT.billTo,
    (line) =>
      line === INVOICE_TEXT.serviceAddress ||
      line.startsWith('Issue date:') ||
      line.startsWith('Payment date:'),
  );
}

export function newIdempotencyKey(): string {
  return `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
