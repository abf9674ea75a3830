/** The logged-in user's profile, contact information and billing summary. */
import type { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { Billing, UserInfoResponse, UserProfile } from '#shared/session';
import { UserInfoUpdateSchema } from '#shared/schemas/session';
import { billingAddressOf, contactInfo, contactOf, serviceAddressOf } from '../auth/accounts.ts';
import { requireSession, sessionUserOf } from '../auth/session.ts';
import { clockToday } from '../clock.ts';
import type { AppEnv } from '../context.ts';
import { contacts, customerBilling } from '../db/schema.ts';
import { readJson } from '../http/validate.ts';

const NO_BILLING: Billing = {
  amount_due: 0,
  balance: 0,
  due_date: null,
  overdue: false,
  automatic: false,
  default_payment_account_id: null,
  payment_amount: 0,
  payment_type: 'MANUAL',
  billing_address: null,
};

export function registerUserRoutes(api: Hono<AppEnv>) {
  api.get('/user/profile', async (c) => {
    const session = await requireSession(c);
    const { db } = c.var.deps.database;
    const [contact, serviceAddress] = await Promise.all([
      contactOf(db, session.user.contactId),
      serviceAddressOf(db, session.user.cid),
    ]);
    return c.json({
      ...sessionUserOf(session),
      logged_in: true,
      info: contactInfo(contact),
      service_address: serviceAddress,
    } satisfies UserProfile);
  });

  api.get('/user/info', async (c) => {
    const session = await requireSession(c);
    const { db } = c.var.deps.database;
    const contact = await contactOf(db, session.user.contactId);
    const [row] = await db
      .select()
      .from(customerBilling)
      .where(eq(customerBilling.cid, session.user.cid));
    const billing: Billing = row
      ? {
          amount_due: row.amountDue,
          balance: row.balance,
          due_date: row.dueDate,
          // Due dates are calendar days of the service area: overdue the day after.
          overdue:
            row.amountDue > 0 && row.dueDate !== null && row.dueDate < clockToday(c.var.deps.clock),
          automatic: row.automatic,
          default_payment_account_id: row.defaultPaymentAccountId,
          payment_amount: row.paymentAmount,
          payment_type: row.automatic ? 'AUTOMATIC' : 'MANUAL',
          billing_address: billingAddressOf(row),
        }
      : NO_BILLING;
    return c.json({ info: contactInfo(contact), billing } satisfies UserInfoResponse);
  });

  api.put('/user/info', async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, UserInfoUpdateSchema);
    const { db } = c.var.deps.database;
    const [updated] = await db
      .update(contacts)
      .set({
        firstName: body.first_name,
        middleInitial: body.middle_initial.toUpperCase(),
        lastName: body.last_name,
        phone: body.phone,
        email: body.email,
        updatedAt: new Date(),
      })
      .where(eq(contacts.contactId, session.user.contactId))
      .returning();
    return c.json(contactInfo(updated));
  });
}
