/**
 * What billing records (docs/activity.md "Billing and payments"): a payment by its amount and
 * the account's last four digits (never more), a payment method added, changed (default,
 * automatic payments) or removed, the billing address changed (not its lines).
 */
import type { Context } from 'hono';
import { ACTIVITY_WORDS, dollars } from '#shared/activity/messages';
import type { RecordedPayment } from '../billing/charges.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { paymentAccounts } from '../db/schema.ts';
import { recordActivity, recording } from './record.ts';

type AccountRow = Pick<typeof paymentAccounts.$inferSelect, 'method' | 'lastFour'>;

export function accountWords(account: AccountRow): string {
  return account.method === 'CC'
    ? ACTIVITY_WORDS.card(account.lastFour)
    : ACTIVITY_WORDS.bankAccount(account.lastFour);
}

export const billingActivity = {
  /**
   * `deps` whose payment-recording transaction (billing/charges.ts recordOutcomes) writes the
   * entry: the payment as the processor answered it; nothing when another run had recorded it.
   */
  payment: (c: Context<AppEnv>, account: AccountRow): AppDeps => {
    const { deps } = c.var;
    const db = recording(c, deps.database.db, {
      entry: (_tx, _before, result) => {
        const [recorded] = result as RecordedPayment[];
        if (!recorded?.created) return null;
        const { payment } = recorded;
        const amount = dollars(payment.amountCents);
        const words = accountWords(account);
        if (payment.status === 'failed') {
          return {
            action: 'billing.payment',
            summary: ACTIVITY_WORDS.paymentAttempt(amount, words),
            outcome: 'failed',
            reason: payment.failureMessage,
          };
        }
        return {
          action: 'billing.payment',
          summary:
            payment.status === 'pending'
              ? ACTIVITY_WORDS.paymentPending(amount, words)
              : ACTIVITY_WORDS.payment(amount, words),
        };
      },
    });
    return { ...deps, database: { ...deps.database, db } };
  },

  address: (tx: Executor, c: Context<AppEnv>, paper: boolean | undefined) =>
    recordActivity(tx, c, {
      action: 'billing.address',
      summary: ACTIVITY_WORDS.billingAddress(paper),
    }),

  methodAdded: (tx: Executor, c: Context<AppEnv>, account: AccountRow, isDefault: boolean) =>
    recordActivity(tx, c, {
      action: 'payment_method.create',
      summary: ACTIVITY_WORDS.paymentMethodAdded(accountWords(account), isDefault),
    }),

  methodChanged: (
    tx: Executor,
    c: Context<AppEnv>,
    account: AccountRow,
    change: { madeDefault: boolean; automatic?: boolean },
  ) => {
    const changes = [
      ...(change.madeDefault ? [ACTIVITY_WORDS.madeDefault] : []),
      ...(change.automatic === undefined ? [] : [ACTIVITY_WORDS.autopay(change.automatic)]),
    ];
    return recordActivity(tx, c, {
      action: 'payment_method.update',
      summary: ACTIVITY_WORDS.paymentMethodChanged(accountWords(account), changes),
    });
  },

  methodRemoved: (tx: Executor, c: Context<AppEnv>, account: AccountRow) =>
    recordActivity(tx, c, {
      action: 'payment_method.delete',
      summary: ACTIVITY_WORDS.paymentMethodRemoved(accountWords(account)),
    }),
};
