/** The logged-in user's profile, contact information and billing summary. */
import type { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { UserInfoResponse, UserProfile } from '#shared/session/types';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { UserInfoSchema } from '#shared/people/schemas';
import { contactInfo, contactOf, serviceAddressOf } from './accounts.ts';
import { changedFields } from '../activity/account.ts';
import { recordActivity } from '../activity/record.ts';
import { requireSession, sessionUserOf } from './session.ts';
import { clockToday } from '../clock.ts';
import type { AppEnv } from '../context.ts';
import { billingSummary } from '../billing/ledger.ts';
import { contacts } from '../db/schema.ts';
import { readJson } from '../http/validate.ts';
import { checkLoginContactChange, noteEmailChange } from '../people/recovery-change.ts';
import { granterOf } from '../people/users.ts';

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
    const granter = granterOf(session, false);
    const { updated, deliver } = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(contacts)
        .where(eq(contacts.contactId, session.user.contactId))
        .for('update');
      // The login's own email and phone need a fresh token (docs/people.md "A login's recovery").
      const changed = checkLoginContactChange(session, granter, session.user, before, body);
      const notice = changed.includes('email')
        ? await noteEmailChange(c, tx, session.user, {
            oldEmail: before.email,
            newEmail: body.email,
            by: granter.actor,
          })
        : () => undefined;
      const [row] = await tx
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
      await recordActivity(tx, c, {
        action: 'account.update',
        summary: ACTIVITY_WORDS.accountChanged(changedFields(before, row!)),
      });
      return { updated: row, deliver: notice };
    });
    deliver();
    return c.json(contactInfo(updated));
  });
}
