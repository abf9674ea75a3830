/** The logged-in user's profile, contact information and billing summary. */
import type { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { UserInfoResponse, UserProfile } from '#shared/session';
import { UserInfoSchema } from '#shared/people/schemas';
import { contactInfo, contactOf, serviceAddressOf } from '../auth/accounts.ts';
import { requireSession, sessionUserOf } from '../auth/session.ts';
import { clockToday } from '../clock.ts';
import type { AppEnv } from '../context.ts';
import { billingSummary } from '../billing/ledger.ts';
import { contacts } from '../db/schema.ts';
import { readJson } from '../http/validate.ts';

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
    const billing = await billingSummary(db, session.user.cid, clockToday(c.var.deps.clock));
    return c.json({ info: contactInfo(contact), billing } satisfies UserInfoResponse);
  });

  api.put('/user/info', async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, UserInfoSchema);
    const { db } = c.var.deps.database;
    const [updated] = await db
      .update(contacts)
      .set({
        firstName: body.first_name,
        middleInitial: body.middle_initial.toUpperCase(),
        lastName: body.last_name,
        business: body.business,
        dob: body.dob || null,
        phone: body.phone,
        email: body.email,
        updatedAt: new Date(),
      })
      .where(eq(contacts.contactId, session.user.contactId))
      .returning();
    return c.json(contactInfo(updated));
  });
}
