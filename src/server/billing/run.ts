/**
 * The billing run (docs/billing.md "The billing run"): one pass does, for the business date
 * `today` of the clock,
 *
 * 1. finishes charge attempts left `started` (a crash, an unreachable processor) that nobody holds:
 *    each is claimed with a lease first, so that no two instances charge one attempt at once;
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
 *
 * On a server the pass is a job (billing/jobs.ts): one `billing.pass` per business date across all
 * instances, which charges nothing itself: steps 1 and 4 commit the attempts and queue one
 * `billing.charge` job per attempt, and step 6 is a job of its own (`billing.card-expiry`). The
 * CLI, the demo seed and tests run a whole pass in the caller (`charges: 'inline'`, the default).
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { BILLING } from '#shared/billing/constants';
import { TERMS } from '#shared/constants';
import { toCents } from '#shared/cart/money';
import { addDays } from '#shared/signup/dates';
import { clockToday } from '../clock.ts';
import { recordProgress } from '../jobs/progress.ts';
import { nudgeJobs } from '../jobs/registry.ts';
import {
  billingNotices,
  billLines,
  bills,
  chargeAttempts,
  customerBilling,
  orders,
  paymentAccounts,
  payments,
} from '../db/schema.ts';
import { BankProcessorError, bankProcessorFor } from './processors/index.ts';
import {
  claimAttempts,
  finishAttempts,
  issueBillsOnce,
  labelOf,
  settleAchPayment,
  startAndFinishAttempts,
  testPause,
  type BillingDeps,
  type NewBill,
} from './charges.ts';
import { billedCart, draftServerBill, draftServiceBill, periodEnd, periodStart } from './cycle.ts';
import { rowsOf } from '../db/rows.ts';
import { settleLedgers } from './ledger.ts';
import { queueCharges, queueChargeJobs } from './charge-jobs.ts';
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
  /** Charge jobs queued (`charges: 'jobs'`): new autopay attempts and attempts left `started`. */
  chargesQueued: number;
  /** Milliseconds each step took. */
  ms: Record<PassStep, number>;
}

const PASS_STEPS = ['resume', 'ach', 'issue', 'autopay', 'statuses', 'notices'] as const;
type PassStep = (typeof PASS_STEPS)[number];

export interface PassOptions {
  /** The business date (the clock's by default). */
  today?: string;
  /**
   * `inline`: the pass charges (resumed attempts, autopay) and emails expiring cards itself;
   * `jobs`: it queues a `billing.charge` job per attempt, and leaves the cards to their own job.
   */
  charges?: 'inline' | 'jobs';
}

export async function runBillingPass(
  deps: BillingDeps,
  options: PassOptions = {},
): Promise<PassReport> {
  const today = options.today ?? clockToday(deps.clock);
  const jobs = options.charges === 'jobs';
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
    chargesQueued: 0,
    ms: Object.fromEntries(PASS_STEPS.map((step) => [step, 0])) as Record<PassStep, number>,
  };
  const progress = new PassProgress(deps, today);
  const steps: Record<PassStep, () => Promise<void>> = {
    resume: () => resumeAttempts(deps, report, jobs),
    ach: () => settleAch(deps, today, report),
    issue: () => issueBills(deps, today, report, progress),
    autopay: () => chargeAutopay(deps, today, report, jobs, progress),
    statuses: () => moveStatuses(deps, today, report),
    notices: async () => {
      if (!jobs) report.cardNotices = await sendCardExpiringNotices(deps, today);
    },
  };
  for (const step of PASS_STEPS) {
    if (step === 'autopay') await testPause(deps, 'mid_pass', today);
    const started = performance.now();
    await steps[step]();
    report.ms[step] = Math.round(performance.now() - started);
  }
  await progress.finish();
  return report;
}

/** The progress store's kind of a billing pass; its key is the billing date. */
export const PASS_PROGRESS_KIND = 'billing.pass';

/**
 * The pass's progress (jobs/progress.ts): customers done of total, where the total is the
 * customers billed by the issue step plus those the autopay step charges, each counted as its
 * group is done.
 */
class PassProgress {
  private readonly totals = { issue: 0, autopay: 0 };
  private readonly done = { issue: 0, autopay: 0 };

  constructor(
    private readonly deps: BillingDeps,
    private readonly today: string,
  ) {}

  async total(step: 'issue' | 'autopay', customers: number): Promise<void> {
    this.totals[step] = customers;
    await this.record();
  }

  async add(step: 'issue' | 'autopay', customers: number): Promise<void> {
    this.done[step] += customers;
    await this.record();
  }

  async finish(): Promise<void> {
    this.done.issue = this.totals.issue;
    this.done.autopay = this.totals.autopay;
    await this.record();
  }

  private record(): Promise<void> {
    return recordProgress(this.deps.database.db, {
      kind: PASS_PROGRESS_KIND,
      key: this.today,
      done: this.done.issue + this.done.autopay,
      total: this.totals.issue + this.totals.autopay,
      at: this.deps.clock.now(),
    });
  }
}

/** How many customers a list of rows names. */
function customersOf(rows: readonly { cid: number }[]): number {
  return new Set(rows.map((row) => row.cid)).size;
}

/**
 * How many customers, bills or attempts a step of the pass handles together: one transaction and a
 * fixed number of statements for each such group, whatever the number of customers.
 */
export const PASS_CHUNK = 500;

function chunks<T>(list: readonly T[], size = PASS_CHUNK): T[][] {
  const out: T[][] = [];
  for (let from = 0; from < list.length; from += size) out.push(list.slice(from, from + size));
  return out;
}

/**
 * The attempts left `started` whose lease has ended (or that nobody holds), oldest first, each
 * group claimed just before it is charged: an attempt another instance holds, or claims first, is
 * left to it (docs/billing.md "Exactly once").
 */
async function resumeAttempts(deps: BillingDeps, report: PassReport, jobs: boolean) {
  const { db } = deps.database;
  const free = await db
    .select({ key: chargeAttempts.attemptKey })
    .from(chargeAttempts)
    .where(
      and(
        eq(chargeAttempts.status, 'started'),
        or(isNull(chargeAttempts.leaseUntil), lt(chargeAttempts.leaseUntil, deps.clock.now())),
      ),
    )
    .orderBy(asc(chargeAttempts.createdAt), asc(chargeAttempts.attemptKey));
  if (jobs) {
    // Each to its charge job: one already queued for it (waiting for a retry, say) stays the one.
    for (const chunk of chunks(free.map((row) => row.key))) {
      report.chargesQueued += await queueChargeJobs(deps.database.db, deps.config, chunk);
    }
    nudgeJobs(deps.database, 'billing.charge');
    return;
  }
  for (const group of chunks(
    free.map((row) => row.key),
    BILLING.chargeGroup,
  )) {
    const claimed = await claimAttempts(deps, group);
    for (const result of await finishAttempts(deps, claimed)) {
      if ('payment' in result) report.resumed += 1;
    }
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
  const bank = bankProcessorFor(deps);
  for (const payment of pending) {
    let outcome;
    try {
      outcome = await bank.outcome(payment.attemptKey, today);
    } catch (error) {
      if (!(error instanceof BankProcessorError)) throw error;
      // Still pending for us: asked again on the next pass.
      deps.logger.warn({ err: error, payment: payment.paymentId }, 'bank payment not checked');
      continue;
    }
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
  kind: string;
  /** A server's size and monthly cost (src/server/servers/servers.ts `serviceDetails`). */
  details: ServerLineDetails;
  activated_on: string;
  last_cycle: number;
  paper_invoice: boolean;
}

interface ServerLineDetails {
  name?: string;
  cpus?: number;
  mem?: number;
  disk?: number;
  monthly_cost?: number;
}

/** A server's bill line: its name and size, e.g. "Virtual server web-1 (2 CPU, 4 GB memory, 80 GB storage)". */
function serverLineOf(details: ServerLineDetails): string {
  const size = `${details.cpus ?? 0} CPU, ${Math.round((details.mem ?? 0) / 1024)} GB memory, ${details.disk ?? 0} GB storage`;
  return `Virtual server ${details.name ?? ''} (${size})`.replace('  ', ' ');
}

async function issueBills(
  deps: BillingDeps,
  today: string,
  report: PassReport,
  progress: PassProgress,
) {
  const { db } = deps.database;
  const result = await db.execute(sql`
    select s.id as service_id, s.cid, s.order_id, s.kind, s.details,
           s.activated_on::text as activated_on,
           coalesce(max(b.cycle_number), 0)::int as last_cycle, cb.paper_invoice
    from customer_services s
    join customer_billing cb on cb.cid = s.cid
    left join bills b on b.service_id = s.id
    where (s.kind = 'connectivity' or (s.kind = 'server' and s.status = 'active'))
      and s.activated_on is not null and s.activated_on <= ${today}
      and cb.account_status <> 'terminated'
    group by s.id, s.cid, s.order_id, s.kind, s.details, s.activated_on, cb.paper_invoice
    order by s.id`);
  const due = rowsOf<DueService>(result).filter(
    (s) =>
      (s.order_id !== null || s.kind === 'server') &&
      periodStart(s.activated_on, s.last_cycle + 1) <= today,
  );
  await progress.total('issue', customersOf(due));
  const groups = chunks(due);
  const first = groups[0];
  for (const chunk of groups) {
    const orderIds = [
      ...new Set(chunk.flatMap((service) => (service.order_id === null ? [] : [service.order_id]))),
    ];
    const carts = new Map(
      (
        await db
          .select({ orderId: orders.orderId, items: orders.cartItems, totals: orders.cartTotals })
          .from(orders)
          .where(inArray(orders.orderId, orderIds))
      ).map((order) => [order.orderId, billedCart(order.items, order.totals)]),
    );
    const list: NewBill[] = [];
    for (const service of chunk) {
      const cart = service.order_id === null ? undefined : carts.get(service.order_id);
      for (let k = service.last_cycle + 1; periodStart(service.activated_on, k) <= today; k += 1) {
        const start = periodStart(service.activated_on, k);
        list.push({
          cid: service.cid,
          // A connectivity service's first bill is its activation bill (the order's one-time
          // charges with the first month); a server has no one-time charges: every month a cycle.
          billKey:
            k === 1 && service.kind !== 'server'
              ? `activation:${service.service_id}`
              : `cycle:${service.service_id}:${k}`,
          kind: k === 1 && service.kind !== 'server' ? 'activation' : 'cycle',
          serviceId: service.service_id,
          cycleNumber: k,
          periodStart: start,
          periodEnd: periodEnd(service.activated_on, k),
          issueDate: start,
          draft:
            service.kind === 'server' || !cart
              ? draftServerBill({
                  description: serverLineOf(service.details),
                  monthlyCents: toCents(service.details.monthly_cost ?? 0),
                  taxRateBp: deps.config.billingTaxRateBp,
                  paperInvoice: service.paper_invoice,
                })
              : draftServiceBill({
                  items: cart.items,
                  mainProvider: cart.mainProvider,
                  month: k,
                  taxRateBp: deps.config.billingTaxRateBp,
                  paperInvoice: service.paper_invoice,
                }),
        });
      }
    }
    const deliveries: (() => void)[] = [];
    const ids = await db.transaction(async (tx) => {
      const issued = await issueBillsOnce(deps, tx, list, deliveries);
      await settleLedgers(
        tx,
        list.filter((_, index) => issued[index] !== null).map((bill) => bill.cid),
        today,
      );
      return issued;
    });
    for (const deliver of deliveries) deliver();
    report.billsIssued += ids.filter((id) => id !== null).length;
    await progress.add('issue', customersOf(chunk));
    if (chunk === first && due.length > PASS_CHUNK) await analyzeGrowingTables(deps);
  }
}

/**
 * A pass that issues many bills grows its tables many times over while the database's planner
 * still judges them by their size before it: each bill line's check that its bill
 * exists, planned once per connection while the bills were few, would read the whole table every
 * time (10,000 customers: 14 s instead of 2). Statistics taken after the first group let every
 * connection plan those checks again for a large table (PostgreSQL's advice after a bulk load).
 */
async function analyzeGrowingTables(deps: BillingDeps): Promise<void> {
  await deps.database.db.execute(sql`analyze ${bills}, ${billLines}`);
}

async function chargeAutopay(
  deps: BillingDeps,
  today: string,
  report: PassReport,
  jobs: boolean,
  progress: PassProgress,
) {
  const { db } = deps.database;
  // Statuses first, so that what is left to pay is current.
  const unpaid = await db
    .selectDistinct({ cid: bills.cid })
    .from(bills)
    .where(
      and(inArray(bills.status, ['open', 'partially_paid', 'overdue']), lte(bills.dueDate, today)),
    )
    .orderBy(asc(bills.cid));
  for (const chunk of chunks(unpaid)) {
    await db.transaction((tx) =>
      settleLedgers(
        tx,
        chunk.map((row) => row.cid),
        today,
      ),
    );
  }
  // Each unpaid bill due by today with the customer's usable default account, and its tries.
  const candidates = await db
    .select({
      billId: bills.billId,
      cid: bills.cid,
      dueDate: bills.dueDate,
      totalCents: bills.totalCents,
      paidCents: bills.paidCents,
      accountId: paymentAccounts.paymentAccountId,
      method: paymentAccounts.method,
      tries: sql<number>`(select count(*)::int from ${chargeAttempts}
        where ${chargeAttempts.billId} = ${bills.billId} and ${chargeAttempts.source} = 'autopay')`,
      waiting: sql<boolean>`exists (select 1 from ${chargeAttempts}
        where ${chargeAttempts.billId} = ${bills.billId} and ${chargeAttempts.source} = 'autopay'
          and ${chargeAttempts.status} <> 'declined')`,
    })
    .from(bills)
    .innerJoin(customerBilling, eq(customerBilling.cid, bills.cid))
    .innerJoin(
      paymentAccounts,
      and(
        eq(paymentAccounts.paymentAccountId, customerBilling.defaultPaymentAccountId),
        eq(paymentAccounts.cid, bills.cid),
        isNull(paymentAccounts.removedAt),
      ),
    )
    .where(
      and(
        inArray(bills.status, ['open', 'partially_paid', 'overdue']),
        lte(bills.dueDate, today),
        eq(customerBilling.automatic, true),
        ne(customerBilling.accountStatus, 'terminated'),
      ),
    )
    .orderBy(asc(bills.dueDate), asc(bills.billId));
  const tries = candidates.flatMap((bill) => {
    // A try in flight or a payment pending: nothing more now.
    if (bill.waiting) return [];
    const next = bill.tries + 1;
    const offset = BILLING.autopayRetryDays[next - 1];
    if (offset === undefined || addDays(bill.dueDate, offset) > today) return [];
    const amount = bill.totalCents - bill.paidCents;
    if (amount <= 0) return [];
    return [
      {
        attemptKey: `autopay:${bill.billId}:${next}`,
        cid: bill.cid,
        paymentAccountId: bill.accountId,
        method: bill.method,
        amountCents: amount,
        source: 'autopay' as const,
        billId: bill.billId,
        tryNumber: next,
        attemptDate: today,
      },
    ];
  });
  await progress.total('autopay', customersOf(tries));
  if (jobs) {
    for (const chunk of chunks(tries)) {
      report.chargesQueued += await queueCharges(deps, chunk);
      await progress.add('autopay', customersOf(chunk));
    }
    return;
  }
  // Each group's attempts are held from their start until the group is recorded.
  for (const chunk of chunks(tries, BILLING.chargeGroup)) {
    for (const result of await startAndFinishAttempts(deps, chunk)) {
      if (result && 'payment' in result) {
        report.charges += 1;
        if (result.payment.status === 'failed') report.declined += 1;
      }
    }
    await progress.add('autopay', customersOf(chunk));
  }
}

async function moveStatuses(deps: BillingDeps, today: string, report: PassReport) {
  const { db } = deps.database;
  const result = await db.execute(sql`
    select distinct cid from bills
      where status in ('open', 'partially_paid', 'overdue') and due_date < ${today}
    union
    select cid from customer_billing where account_status in ('overdue', 'suspended')
    order by cid`);
  for (const chunk of chunks(rowsOf<{ cid: number }>(result).map((row) => row.cid))) {
    report.statusChanges += await db.transaction(async (tx) => {
      const states = await settleLedgers(tx, chunk, today);
      const settings = await tx
        .select({
          cid: customerBilling.cid,
          status: customerBilling.accountStatus,
          contracted: customerBilling.contracted,
        })
        .from(customerBilling)
        .where(inArray(customerBilling.cid, chunk));
      const moves = new Map<string, number[]>();
      for (const row of settings) {
        if (row.status === 'terminated') continue;
        const next = accountStatusOn(today, states.get(row.cid)!.overdueSince, row.contracted);
        if (next !== row.status) moves.set(next, [...(moves.get(next) ?? []), row.cid]);
      }
      let changed = 0;
      for (const [next, cids] of moves) {
        await tx
          .update(customerBilling)
          .set({
            accountStatus: next as AccountStatus,
            accountStatusSince: today,
            updatedAt: new Date(),
          })
          .where(inArray(customerBilling.cid, cids));
        changed += cids.length;
      }
      return changed;
    });
  }
}

type AccountStatus = ReturnType<typeof accountStatusOn>;

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

/** Emails "card expiring" once per saved card that expires within 30 days; answers how many. */
export async function sendCardExpiringNotices(deps: BillingDeps, today: string): Promise<number> {
  let count = 0;
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
    if (sent) count += 1;
  }
  return count;
}
