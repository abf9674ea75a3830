/**
 * Billing demo data (demo data only, never in production; README "Demo logins"), dated from the
 * clock's today: `demo` has 13 months of bills and payments (one partial payment, one returned bank
 * payment with its fee), `viewer` pays automatically with a card that expires next month, `overdue`
 * and `suspended` have an unpaid activation bill 9 and 19 days past its due date. Bills come from
 * the billing run itself (a pass on today issues every month begun); payments are written to the
 * ledger as they would have been made. A customer that already has an order is left as it is.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toCents } from '#shared/cart/money';
import { BILLING } from '#shared/billing/constants';
import { TERMS, WHITELISTED_ROUTING_NUMBERS } from '#shared/constants';
import { addDays } from '#shared/signup/dates';
import { ALL_PERMISSIONS } from '../session/accounts.ts';
import { hashPassword } from '../session/passwords.ts';
import { clockToday, systemClock } from '../clock.ts';
import { createCardStore } from './card-provider/store.ts';
import type { Database, DatabaseHandle, Executor } from '../db/client.ts';
import { bills, customerBilling, orders, payments, users } from '../db/schema.ts';
import { bankCipherFor } from './processors/index.ts';
import type { SeedContext, SeedStep } from '../db/seed-step.ts';
import {
  addBilledOrder,
  cartFor,
  createBilledCustomer,
  insertPaymentAccount,
  type NewPaymentAccount,
} from './accounts.ts';
import { issueBill, type BillingDeps } from './charges.ts';
import { addMonthsOnDay, anchorDay, draftFeeBill } from './cycle.ts';
import { settleLedger } from './ledger.ts';
import { runBillingPass } from './run.ts';

/** The demo logins whose activation bill is unpaid, and by how many days past its due date. */
export const PAST_DUE_DEMO_LOGINS = [
  {
    username: 'overdue',
    daysPastDue: 9,
    summary: 'an unpaid bill 9 days past its due date (overdue)',
  },
  {
    username: 'suspended',
    daysPastDue: 19,
    summary: 'an unpaid bill 19 days past its due date (suspended)',
  },
] as const;

/** The page the demo cards were typed on (the card provider keeps each card's parent origin). */
const DEMO_CARD_ORIGIN = 'http://localhost:3000';

/** The same day `months` months earlier (or later), at most that month's 28th. */
function monthsFrom(date: string, months: number): string {
  return addMonthsOnDay(date, months, anchorDay(date));
}

/**
 * A Visa ending 4242 saved at the stand-in card provider, as its form saves a typed card: the
 * billing run's automatic payments then charge it like any other card (a token the provider did
 * not know would leave each try unconfirmed and tried again on every pass).
 */
async function card(
  db: Executor,
  who: { firstName: string; lastName: string },
  today: string,
  monthsValid: number,
): Promise<NewPaymentAccount> {
  const [year, month] = monthsFrom(today, monthsValid).split('-').map(Number) as [number, number];
  const saved = await createCardStore(db as Database).saveCard(
    {
      number: '4242424242424242',
      brand: 'visa',
      last_four: '4242',
      exp_month: month,
      exp_year: year,
      fname: who.firstName,
      lname: who.lastName,
    },
    DEMO_CARD_ORIGIN,
  );
  return {
    method: 'CC',
    token: saved.token,
    brand: 'visa',
    lastFour: '4242',
    expMonth: month,
    expYear: year,
  };
}

interface DemoPayment {
  amountCents: number;
  date: string;
  method?: 'CC' | 'ACH';
  returned?: boolean;
  source?: 'manual' | 'autopay';
  billId?: number;
}

/** Writes payments as made on their dates (a returned one with its fee), then settles the ledger. */
async function writePayments(
  deps: BillingDeps,
  tx: Executor,
  who: { cid: number; username: string; cardId: number; bankId?: number },
  list: DemoPayment[],
  today: string,
) {
  const deliveries: (() => void)[] = [];
  for (const [index, payment] of list.entries()) {
    const ach = payment.method === 'ACH';
    const [row] = await tx
      .insert(payments)
      .values({
        cid: who.cid,
        attemptKey: `demo:${who.username}:${index}`,
        paymentAccountId: ach ? who.bankId! : who.cardId,
        method: ach ? 'ACH' : 'CC',
        accountLabel: ach ? 'Bank account ending in 6789' : 'Visa ending in 4242',
        amountCents: payment.amountCents,
        status: payment.returned ? 'returned' : 'succeeded',
        source: payment.source ?? 'manual',
        billId: payment.billId ?? null,
        paymentDate: payment.date,
        settledDate: ach ? addDays(payment.date, 3) : payment.date,
        processorRef: `demo-${who.username}-${index}`,
        failureCode: payment.returned ? 'R01' : null,
        failureMessage: payment.returned ? 'Insufficient funds' : null,
      })
      .onConflictDoNothing()
      .returning({ paymentId: payments.paymentId });
    if (row && payment.returned) {
      await issueBill(
        deps,
        tx,
        {
          cid: who.cid,
          billKey: `fee:returned:${row.paymentId}`,
          kind: 'fee',
          issueDate: addDays(payment.date, 3),
          draft: draftFeeBill('Returned bank payment fee', toCents(TERMS.bouncedPaymentFee)),
        },
        deliveries,
      );
    }
  }
  await settleLedger(tx, who.cid, today);
  return deliveries;
}

async function serviceBills(db: Executor, cid: number) {
  return db
    .select({ billId: bills.billId, totalCents: bills.totalCents, dueDate: bills.dueDate })
    .from(bills)
    .where(and(eq(bills.cid, cid), inArray(bills.kind, ['activation', 'cycle'])))
    .orderBy(asc(bills.issueDate));
}

async function loginOf(db: Executor, username: string) {
  const [row] = await db
    .select({ uid: users.uid, cid: users.cid })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

async function hasOrder(db: Executor, cid: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.orderId }).from(orders).where(eq(orders.cid, cid));
  return row !== undefined;
}

export async function seedBillingDemo({ db, config, logger, clock }: SeedContext): Promise<void> {
  const today = clockToday(clock ?? systemClock);
  // The run reads and writes through `database.db` only.
  const deps: BillingDeps = {
    config,
    logger,
    clock: clock ?? systemClock,
    database: { db } as DatabaseHandle,
  };
  const order = await cartFor(db, { productName: config.productName, today });
  const cipher = await bankCipherFor({ config });
  const passwordHash = await hashPassword(config.demoPassword);
  const orderedAt = new Date(`${today}T12:00:00Z`);
  const demo = await loginOf(db, 'demo');
  const viewer = await loginOf(db, 'viewer');
  if (!demo || !viewer) throw new Error('the demo logins are not seeded');

  const fresh: { demo?: { cardId: number; bankId: number }; viewer?: { cardId: number } } = {};
  await db.transaction(async (tx) => {
    if (!(await hasOrder(tx, demo.cid))) {
      // Month 13 began 5 days ago: twelve bills paid, the thirteenth open.
      const placed = await addBilledOrder(tx, {
        ...demo,
        username: 'demo',
        firstName: 'Dana',
        lastName: 'Demo',
        order,
        activatedOn: monthsFrom(addDays(today, -5), -12),
        orderedAt,
        paymentAccount: await card(tx, { firstName: 'Dana', lastName: 'Demo' }, today, 24),
      });
      const bank = await insertPaymentAccount(tx, demo.cid, 'Dana Demo', {
        method: 'ACH',
        account: '000123456789',
        routing: WHITELISTED_ROUTING_NUMBERS[0],
        cipher,
      });
      fresh.demo = { cardId: placed.paymentAccountId, bankId: bank.id };
    }
    if (!(await hasOrder(tx, viewer.cid))) {
      // Month 4 began 3 days ago; automatic payment is turned on once the history is written.
      const placed = await addBilledOrder(tx, {
        ...viewer,
        username: 'viewer',
        firstName: 'Victor',
        lastName: 'Viewer',
        order,
        activatedOn: monthsFrom(addDays(today, -3), -3),
        orderedAt,
        paymentAccount: await card(tx, { firstName: 'Victor', lastName: 'Viewer' }, today, 1),
      });
      await tx
        .update(customerBilling)
        .set({ automatic: false })
        .where(eq(customerBilling.cid, viewer.cid));
      fresh.viewer = { cardId: placed.paymentAccountId };
    }
    for (const { username, daysPastDue } of PAST_DUE_DEMO_LOGINS) {
      if (await loginOf(tx, username)) continue;
      const firstName = username === 'overdue' ? 'Olive' : 'Sam';
      const lastName = username === 'overdue' ? 'Overdue' : 'Suspended';
      await createBilledCustomer(tx, {
        username,
        passwordHash,
        firstName,
        lastName,
        email: `${username}@ridgeline.example`,
        permissions: ALL_PERMISSIONS,
        order,
        activatedOn: addDays(today, -(BILLING.dueDays + daysPastDue)),
        orderedAt,
        paymentAccount: await card(tx, { firstName, lastName }, today, 24),
      });
    }
  });

  // The run issues every bill whose month has begun.
  await runBillingPass(deps, { today });

  const deliveries = await db.transaction(async (tx) => {
    const sent: (() => void)[] = [];
    // That pass saw the history unpaid and moved the statuses on; the history is paid, so they
    // start again from active and the second pass moves them from the settled ledger.
    const restart = [fresh.demo && demo.cid, fresh.viewer && viewer.cid].filter(
      (cid): cid is number => typeof cid === 'number',
    );
    if (restart.length > 0) {
      await tx
        .update(customerBilling)
        .set({ accountStatus: 'active' })
        .where(inArray(customerBilling.cid, restart));
    }
    if (fresh.demo) {
      const list = await serviceBills(tx, demo.cid);
      const paid = list.slice(0, 12);
      const history: DemoPayment[] = [];
      for (const [index, bill] of paid.entries()) {
        const date = addDays(bill.dueDate, -5);
        if (index === 3) {
          // A bank payment returned three days later; the card pays the bill and the fee.
          history.push({ amountCents: bill.totalCents, date, method: 'ACH', returned: true });
          history.push({
            amountCents: bill.totalCents + toCents(TERMS.bouncedPaymentFee),
            date: addDays(date, 4),
          });
        } else if (index === 6) {
          history.push({ amountCents: Math.floor(bill.totalCents / 2), date });
        } else if (index === 7) {
          const rest = paid[6]!.totalCents - Math.floor(paid[6]!.totalCents / 2);
          history.push({ amountCents: bill.totalCents + rest, date });
        } else history.push({ amountCents: bill.totalCents, date });
      }
      sent.push(
        ...(await writePayments(
          deps,
          tx,
          { ...demo, username: 'demo', ...fresh.demo },
          history,
          today,
        )),
      );
    }
    if (fresh.viewer) {
      const list = await serviceBills(tx, viewer.cid);
      const history = list.slice(0, -1).map((bill) => ({
        amountCents: bill.totalCents,
        date: bill.dueDate,
        source: 'autopay' as const,
        billId: bill.billId,
      }));
      sent.push(
        ...(await writePayments(
          deps,
          tx,
          { ...viewer, username: 'viewer', ...fresh.viewer },
          history,
          today,
        )),
      );
      await tx
        .update(customerBilling)
        .set({ automatic: true })
        .where(eq(customerBilling.cid, viewer.cid));
    }
    return sent;
  });
  for (const deliver of deliveries) deliver();
  // Statuses from the settled ledger.
  await runBillingPass(deps, { today });
}

export const billingDemoStep: SeedStep = {
  name: 'demo-billing',
  version: 1,
  demoOnly: true,
  run: seedBillingDemo,
};

export const BILLING_SEED_STEPS: SeedStep[] = [billingDemoStep];
