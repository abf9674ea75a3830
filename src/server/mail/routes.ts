/**
 * Optional emails (docs/api.md "Optional emails"; docs/people.md): an unsubscribe link turns one
 * kind off for one user without a login (POST /unsubscribe, public: the per-address limit first,
 * then the token's signature and expiry); the logged-in user reads and sets every kind
 * (GET and PUT /user/email_preferences).
 */
import type { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { OPTIONAL_EMAIL_KINDS } from '#shared/people/constants';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { EMAIL_KIND_LABELS, UNSUBSCRIBE_MESSAGES } from '#shared/people/messages';
import {
  EmailPreferencesSchema,
  UnsubscribeSchema,
  type EmailPreferencesResponse,
  type UnsubscribeResponse,
} from '#shared/people/email';
import { recordActivity } from '../activity/record.ts';
import { clientAddress } from '../session/client-address.ts';
import { LIMITS, consume } from '../session/rate-limit.ts';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { preferencesOf, readUnsubscribeToken, setPreference } from './unsubscribe.ts';

export function registerUnsubscribeRoutes(api: Hono<AppEnv>) {
  api.post('/unsubscribe', async (c) => {
    const { deps } = c.var;
    const { db } = deps.database;
    await consume(db, [[LIMITS.unsubscribesPerAddress, clientAddress(c)]]);
    const body = await readJson(c, UnsubscribeSchema);
    const link = await readUnsubscribeToken(deps, body.token);
    if (!link) throw badRequest(UNSUBSCRIBE_MESSAGES.linkInvalid);
    const [user] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, link.uid));
    // A login removed since the email was sent has no emails left to stop.
    if (!user) throw badRequest(UNSUBSCRIBE_MESSAGES.linkInvalid);
    await setPreference(db, link.uid, link.kind, false);
    return c.json({
      msg: UNSUBSCRIBE_MESSAGES.done(EMAIL_KIND_LABELS[link.kind]),
      kind: link.kind,
    } satisfies UnsubscribeResponse);
  });

  api.get('/user/email_preferences', async (c) => {
    const session = await requireSession(c);
    const preferences = await preferencesOf(c.var.deps.database.db, session.user.uid);
    return c.json({ preferences } satisfies EmailPreferencesResponse);
  });

  api.put('/user/email_preferences', async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, EmailPreferencesSchema);
    const { db } = c.var.deps.database;
    await db.transaction(async (tx) => {
      for (const kind of OPTIONAL_EMAIL_KINDS) {
        const on = body[kind];
        if (on !== undefined) await setPreference(tx, session.user.uid, kind, on);
      }
      const changes = OPTIONAL_EMAIL_KINDS.flatMap((kind) => {
        const on = body[kind];
        return on === undefined
          ? []
          : [ACTIVITY_WORDS.emailPreference(EMAIL_KIND_LABELS[kind], on)];
      });
      await recordActivity(tx, c, {
        action: 'account.email_preferences',
        summary: ACTIVITY_WORDS.emailPreferences(changes),
      });
    });
    const preferences = await preferencesOf(db, session.user.uid);
    return c.json({ preferences } satisfies EmailPreferencesResponse);
  });
}
