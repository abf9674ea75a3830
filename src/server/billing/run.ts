/**
 * The billing run (docs/billing.md "The billing run"): one pass does, for the business date
 * `today` of the clock,
 *
 * 1. finishes charge attempts left `started` (a crash, an unreachable processor);
 * 2. settles or returns pending ACH payments whose settlement day has come;
 * 3. issues every bill whose period has begun (catching up on missed days);
 * 4. charges autopay: a bill not paid by its due date is tried on the due date, then 3 and 7 days
 *    after it (BILLING.autopayRetryDays), each try with key `autopay:<bill>:<try>`;
 * 5. moves account statuses: overdue the day after an unpaid due date; for non-contracted accounts
 *    suspended 14 days after it and terminated 7 days later (TERMS); back to active once paid
 *    (terminated stays terminated);
 * 6. emails "card expiring" once for a saved card that expires within 30 days.
 *
 * Every step is safe to run twice and at the same time in two processes: see charges.ts.
 * {@link startBillingJob} runs a pass every BILLING_INTERVAL_SECONDS in each server process.
 */
import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { BILLING, TERMS } from '#shared/constants';
import type { CartItem } from '#shared/cart/types';
import { addDays } from '#shared/signup/dates';
import { clockToday } from '../clock.ts';
import {
  billingNotices,
  bills,
  chargeAttempts,
  customerBilling,
  orders,
  paymentAccounts,
  payments,
} from '../db/schema.ts';
import { achOutcome } from '../payments/ach-processor.ts';
import {
  achSettleDate,
  finishAttempt,
  issueBill,
  labelOf,
  settleAchPayment,
  startAttempt,
  type BillingDeps,
} from './charges.ts';
import { draftServiceBill, periodEnd, periodStart } from './cycle.ts';
import { rowsOf, settleLedger } from './ledger.ts';
import { queueBillingMail } from './mail.ts';

export interface PassReport {
  today: string;
  resumed: number;
  achSettled: number;
  achReturned: number;
  billsIssued: number;
  charges: number;
  declined: number;
  statusChanges: number;
  cardNotices: number;
}

export async function runBillingPass(
  deps: BillingDeps,
  options: { today?: string } = {},
): Promise<PassReport> {
  const today = options.today ?? clockToday(deps.clock);
  const report: PassReport = {
    today,
    resumed: 0,
    achSettled: 0,
    achReturned: 0,
    billsIssued: 0,
    charges: 0,
    declined: 0,
    statusChanges: 0,
    cardNotices: 0,
  };
  await resumeAttempts(deps, report);
  await settleAch(deps, today, report);
  await issueBills(deps, today, report);
  await chargeAutopay(deps, today, report);
  await moveStatuses(deps, today, report);
  await cardExpiringNotices(deps, today, report);
  return report;
}

async function resumeAttempts(deps: BillingDeps, report: PassReport) {
  const { db } = deps.database;
  const started = await db
    .select()
    .from(chargeAttempts)
    .where(eq(chargeAttempts.status, 'started'))
    .orderBy(asc(chargeAttempts.createdAt));
  for (const attempt of started) {
    const result = await finishAttempt(deps, attempt);
    if ('payment' in result) report.resumed += 1;
  }
}

async function settleAch(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lte(payments.paymentDate, addDays(today, -BILLING.achSettleDays)),
      ),
    );
  for (const payment of pending) {
    const outcome = await achOutcome(
      db,
      payment.attemptKey,
      today,
      achSettleDate(payment.paymentDate),
    );
    if (outcome.status === 'pending') continue;
    const done = await settleAchPayment(deps, payment, outcome, today);
    if (done === 'settled') report.achSettled += 1;
    if (done === 'returned') report.achReturned += 1;
  }
}

interface DueService {
  service_id: number;
  cid: number;
  order_id: number | null;
  activated_on: string;
  last_cycle: number;
  paper_invoice: boolean;
}

/** The provider whose lines are ours: the one not billed separately. */
function mainProviderOf(items: CartItem[], totals: unknown): string {
  const others = new Set(
    (
      (totals as { separately_billed?: { provider: { name: string } }[] }).separately_billed ?? []
    ).map((entry) => entry.provider.name),
  );
  return items.find((item) => !others.has(item.provider.name))?.provider.name ?? '';
}

async function issueBills(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  const result = await db.execute(sql`
    select s.id as service_id, s.cid, s.order_id, s.activated_on::text as activated_on,
           coalesce(max(b.cycle_number), 0)::int as last_cycle, cb.paper_invoice
    from customer_services s
    join customer_billing cb on cb.cid = s.cid
    left join bills b on b.service_id = s.id
    where s.kind = 'connectivity' and s.activated_on is not null and s.activated_on <= ${today}
      and cb.account_status <> 'terminated'
    group by s.id, s.cid, s.order_id, s.activated_on, cb.paper_invoice`);
  const due = rowsOf<DueService>(result).filter(
    (s) => periodStart(s.activated_on, s.last_cycle + 1) <= today,
  );
  const carts = new Map<number, { items: CartItem[]; main: string }>();
  for (const service of due) {
    if (service.order_id === null) continue;
    let cart = carts.get(service.order_id);
    if (!cart) {
      const [order] = await db
        .select({ items: orders.cartItems, totals: orders.cartTotals })
        .from(orders)
        .where(eq(orders.orderId, service.order_id));
      const items = order.items as CartItem[];
      cart = { items, main: mainProviderOf(items, order.totals) };
      carts.set(service.order_id, cart);
    }
    for (let k = service.last_cycle + 1; periodStart(service.activated_on, k) <= today; k += 1) {
      const start = periodStart(service.activated_on, k);
      const deliveries: (() => void)[] = [];
      const issued = await db.transaction(async (tx) => {
        const id = await issueBill(
          deps,
          tx,
          {
            cid: service.cid,
            billKey:
              k === 1 ? `activation:${service.service_id}` : `cycle:${service.service_id}:${k}`,
            kind: k === 1 ? 'activation' : 'cycle',
            serviceId: service.service_id,
            cycleNumber: k,
            periodStart: start,
            periodEnd: periodEnd(service.activated_on, k),
            issueDate: start,
            draft: draftServiceBill({
              items: cart.items,
              mainProvider: cart.main,
              month: k,
              taxRateBp: deps.config.billingTaxRateBp,
              paperInvoice: service.paper_invoice,
            }),
          },
          deliveries,
        );
        if (id !== null) await settleLedger(tx, service.cid, today);
        return id;
      });
      for (const deliver of deliveries) deliver();
      if (issued !== null) report.billsIssued += 1;
    }
  }
}

async function chargeAutopay(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  // Statuses first, so that what is left to pay is current.
  const unpaid = await db
    .selectDistinct({ cid: bills.cid })
    .from(bills)
    .where(
      and(inArray(bills.status, ['open', 'partially_paid', 'overdue']), lte(bills.dueDate, today)),
    );
  for (const { cid } of unpaid) {
    await db.transaction((tx) => settleLedger(tx, cid, today));
  }
  const candidates = await db
    .select({
      billId: bills.billId,
      cid: bills.cid,
      dueDate: bills.dueDate,
      totalCents: bills.totalCents,
      paidCents: bills.paidCents,
      accountId: customerBilling.defaultPaymentAccountId,
    })
    .from(bills)
    .innerJoin(customerBilling, eq(customerBilling.cid, bills.cid))
    .where(
      and(
        inArray(bills.status, ['open', 'partially_paid', 'overdue']),
        lte(bills.dueDate, today),
        eq(customerBilling.automatic, true),
        ne(customerBilling.accountStatus, 'terminated'),
      ),
    )
    .orderBy(asc(bills.dueDate), asc(bills.billId));
  for (const bill of candidates) {
    if (bill.accountId === null) continue;
    const [account] = await db
      .select()
      .from(paymentAccounts)
      .where(
        and(
          eq(paymentAccounts.paymentAccountId, bill.accountId),
          eq(paymentAccounts.cid, bill.cid),
          isNull(paymentAccounts.removedAt),
        ),
      );
    if (!account) continue;
    const tries = await db
      .select({ status: chargeAttempts.status, tryNumber: chargeAttempts.tryNumber })
      .from(chargeAttempts)
      .where(and(eq(chargeAttempts.billId, bill.billId), eq(chargeAttempts.source, 'autopay')))
      .orderBy(asc(chargeAttempts.tryNumber));
    // A try in flight or a payment pending: nothing more now.
    if (tries.some((t) => t.status !== 'declined')) continue;
    const next = tries.length + 1;
    const offset = BILLING.autopayRetryDays[next - 1];
    if (offset === undefined || addDays(bill.dueDate, offset) > today) continue;
    const amount = bill.totalCents - bill.paidCents;
    if (amount <= 0) continue;
    const { attempt, created } = await startAttempt(db, {
      attemptKey: `autopay:${bill.billId}:${next}`,
      cid: bill.cid,
      paymentAccountId: account.paymentAccountId,
      method: account.method,
      amountCents: amount,
      source: 'autopay',
      billId: bill.billId,
      tryNumber: next,
      attemptDate: today,
    });
    if (!created) continue;
    const result = await finishAttempt(deps, attempt);
    if ('payment' in result) {
      report.charges += 1;
      if (result.payment.status === 'failed') report.declined += 1;
    }
  }
}

async function moveStatuses(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  const result = await db.execute(sql`
    select distinct cid from bills
      where status in ('open', 'partially_paid', 'overdue') and due_date < ${today}
    union
    select cid from customer_billing where account_status in ('overdue', 'suspended')`);
  for (const { cid } of rowsOf<{ cid: number }>(result)) {
    const changed = await db.transaction(async (tx) => {
      const state = await settleLedger(tx, cid, today);
      const [settings] = await tx
        .select({ status: customerBilling.accountStatus, contracted: customerBilling.contracted })
        .from(customerBilling)
        .where(eq(customerBilling.cid, cid));
      if (!settings || settings.status === 'terminated') return false;
      const next = accountStatusOn(today, state.overdueSince, settings.contracted);
      if (next === settings.status) return false;
      await tx
        .update(customerBilling)
        .set({ accountStatus: next, accountStatusSince: today, updatedAt: new Date() })
        .where(eq(customerBilling.cid, cid));
      return true;
    });
    if (changed) report.statusChanges += 1;
  }
}

/** The account status the terms give on `today` when the oldest unpaid due date is `overdueSince`. */
export function accountStatusOn(
  today: string,
  overdueSince: string | null,
  contracted: boolean,
): 'active' | 'overdue' | 'suspended' | 'terminated' {
  if (overdueSince === null || overdueSince >= today) return 'active';
  if (contracted) return 'overdue';
  const suspendOn = addDays(overdueSince, TERMS.suspendDaysAfterDueDate);
  const terminateOn = addDays(suspendOn, TERMS.terminateDaysAfterSuspension);
  if (today >= terminateOn) return 'terminated';
  if (today >= suspendOn) return 'suspended';
  return 'overdue';
}

/** The last day of a card's expiry month. */
export function cardExpiryEnd(year: number, month: number): string {
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

async function cardExpiringNotices(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  const horizon = addDays(today, BILLING.cardExpiringNoticeDays);
  const [y, m] = today.split('-').map(Number);
  const [hy, hm] = horizon.split('-').map(Number);
  const cards = await db
    .select()
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.method, 'CC'),
        isNull(paymentAccounts.removedAt),
        sql`${paymentAccounts.cardExpYear} * 12 + ${paymentAccounts.cardExpMonth} between ${y * 12 + m} and ${hy * 12 + hm}`,
      ),
    );
  for (const card of cards) {
    const end = cardExpiryEnd(card.cardExpYear!, card.cardExpMonth!);
    if (end < today || end > horizon) continue;
    const deliveries: (() => void)[] = [];
    const sent = await db.transaction(async (tx) => {
      const [notice] = await tx
        .insert(billingNotices)
        .values({
          noticeKey: `card_expiring:${card.paymentAccountId}:${end.slice(0, 7)}`,
          cid: card.cid,
        })
        .onConflictDoNothing()
        .returning();
      if (!notice) return false;
      deliveries.push(
        await queueBillingMail(deps, tx, card.cid, {
          kind: 'card_expiring',
          label: labelOf(card),
          expires: end.slice(0, 7),
        }),
      );
      return true;
    });
    for (const deliver of deliveries) deliver();
    if (sent) report.cardNotices += 1;
  }
}

/**
 * The billing job of a server process: a pass every `config.billingIntervalSeconds` (none when 0),
 * never two at once in one process (other processes may run theirs: the pass is safe for that).
 */
export function startBillingJob(deps: BillingDeps): { stop(): Promise<void> } {
  const seconds = deps.config.billingIntervalSeconds;
  if (seconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runBillingPass(deps)
      .then((report) => deps.logger.info({ billing: report }, 'billing pass done'))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'billing pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  // The first pass soon after start, off the start's own path.
  const first = setTimeout(tick, Math.min(seconds, 5) * 1000);
  first.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
