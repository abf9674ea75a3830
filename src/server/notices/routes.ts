/**
 * Notices from the provider (portal.md §7 "Notices", docs/people.md): the current ones a user
 * has not acknowledged, every one with its state, acknowledging (time and user recorded),
 * ignoring an ignorable one, and writing one (site admins; the Markdown rendered and sanitised
 * here, once). The provider's side (site admins): every notice published with its counts,
 * editing one that has not started, and withdrawing one (it ends now, by the server's clock).
 */
import type { Context, Hono } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { parseRecordId } from '#shared/billing/schemas';
import { NOTICE_MESSAGES } from '#shared/people/messages';
import { NOTICE_ADMIN_MESSAGES } from '#shared/notices/messages';
import { EditNoticeSchema, NewNoticeSchema, NoticePreviewSchema } from '#shared/notices/schemas';
import type {
  Notice,
  NoticeList,
  NoticePreview,
  NoticeStateList,
  PublishedNotice,
  PublishedNoticeList,
} from '#shared/notices/types';
import { recordActivity } from '../activity/record.ts';
import { audit } from '../session/audit.ts';
import { requireSession, type Session } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { customers, notices } from '../db/schema.ts';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { queueNoticeMails } from './mail.ts';
import { renderNoticeMarkdown } from './markdown.ts';
import {
  noticeView,
  noticeWithState,
  noticesWithState,
  pendingNotices,
  publishedNotices,
  recordState,
  visibleNotice,
} from './store.ts';

const actorOf = (session: Session) => session.proxy?.admin.username ?? session.user.username;

async function noticeOfPath(c: Context<AppEnv>, session: Session) {
  const id = parseRecordId(c.req.param('id') ?? '');
  const notice =
    id === null
      ? undefined
      : await visibleNotice(c.var.deps.database.db, id, session.user.cid, c.var.deps.clock.now());
  if (!notice) throw notFound(NOTICE_MESSAGES.notFound);
  return notice;
}

/** The id of the path, or 404. */
function noticeIdOfPath(c: Context<AppEnv>): number {
  const id = parseRecordId(c.req.param('id') ?? '');
  if (id === null) throw notFound(NOTICE_MESSAGES.notFound);
  return id;
}

/** 422 on `cid` unless the customer a notice names exists. */
async function checkAudience(db: Executor, cid: number | null) {
  if (cid === null) return;
  const [customer] = await db
    .select({ cid: customers.cid })
    .from(customers)
    .where(eq(customers.cid, cid));
  if (!customer) throw validationFailed({ cid: NOTICE_MESSAGES.customerNotFound });
}

/** Why a notice could not be changed: 404 when there is none, else 409 with the reason. */
async function refusal(db: Executor, id: number, now: Date, change: 'edit' | 'withdraw') {
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  if (!row) return notFound(NOTICE_MESSAGES.notFound);
  if (row.withdrawnAt !== null) return conflict(NOTICE_ADMIN_MESSAGES.alreadyWithdrawn);
  if (change === 'withdraw' || row.endsAt <= now)
    return conflict(NOTICE_ADMIN_MESSAGES.alreadyEnded);
  return conflict(NOTICE_ADMIN_MESSAGES.started);
}

async function publishedNotice(db: Executor, id: number, now: Date): Promise<PublishedNotice> {
  const [notice] = await publishedNotices(db, now, id);
  return notice;
}

export function registerNoticeRoutes(api: Hono<AppEnv>) {
  api.get('/notices', async (c) => {
    const session = await requireSession(c);
    const rows = await pendingNotices(
      c.var.deps.database.db,
      session.user.uid,
      session.user.cid,
      c.var.deps.clock.now(),
    );
    return c.json({ notices: rows.map(noticeView) } satisfies NoticeList);
  });

  api.get('/notices/all', async (c) => {
    const session = await requireSession(c);
    const everyNotice = session.user.siteAdmin && !session.proxy;
    const rows = await noticesWithState(
      c.var.deps.database.db,
      session.user.uid,
      everyNotice ? null : session.user.cid,
    );
    const now = c.var.deps.clock.now();
    return c.json({
      notices: rows.map((r) => noticeWithState(r.notice, r.state, now)),
    } satisfies NoticeStateList);
  });

  api.post('/notices', async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c, NewNoticeSchema);
    const { db } = c.var.deps.database;
    await checkAudience(db, body.cid);
    const { row, deliver } = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notices)
        .values({
          title: body.title,
          content: body.content,
          contentHtml: await renderNoticeMarkdown(body.content),
          ignorable: body.ignorable,
          cid: body.cid,
          startsAt: new Date(body.starts_at),
          endsAt: new Date(body.ends_at),
          createdBy: actorOf(session),
        })
        .returning();
      const deliver = body.email ? await queueNoticeMails(c.var.deps, tx, row) : () => undefined;
      return { row, deliver };
    });
    deliver();
    return c.json(noticeView(row) satisfies Notice, 201);
  });

  api.post('/notices/preview', async (c) => {
    await requireSession(c);
    const body = await readJson(c, NoticePreviewSchema);
    return c.json({
      content_html: await renderNoticeMarkdown(body.content),
    } satisfies NoticePreview);
  });

  api.post('/notices/:id/ack', async (c) => {
    const session = await requireSession(c);
    const notice = await noticeOfPath(c, session);
    await c.var.deps.database.db.transaction(async (tx) => {
      await recordState(tx, notice.id, session.user.uid, actorOf(session), 'acknowledgedAt');
      await recordActivity(tx, c, {
        action: 'notice.ack',
        summary: ACTIVITY_WORDS.noticeAcknowledged(notice.title),
      });
    });
    return c.json({ msg: 'Acknowledged' });
  });

  api.delete('/notices/:id', async (c) => {
    const session = await requireSession(c);
    const notice = await noticeOfPath(c, session);
    if (!notice.ignorable) throw conflict(NOTICE_MESSAGES.notIgnorable);
    await c.var.deps.database.db.transaction(async (tx) => {
      await recordState(tx, notice.id, session.user.uid, actorOf(session), 'dismissedAt');
      await recordActivity(tx, c, {
        action: 'notice.dismiss',
        summary: ACTIVITY_WORDS.noticeDismissed(notice.title),
      });
    });
    return c.json({ msg: 'Ignored' });
  });

  api.get('/notices/published', async (c) => {
    const now = c.var.deps.clock.now();
    const list = await publishedNotices(c.var.deps.database.db, now);
    return c.json({ notices: list } satisfies PublishedNoticeList);
  });

  // A notice that has not started, written again whole (not emailed again). The update holds its
  // own conditions, so a notice that starts (or is withdrawn) meanwhile is never changed.
  api.put('/notices/:id', async (c) => {
    const session = await requireSession(c);
    const id = noticeIdOfPath(c);
    const body = await readJson(c, EditNoticeSchema);
    const { db } = c.var.deps.database;
    const cid = body.cid ?? null;
    await checkAudience(db, cid);
    const now = c.var.deps.clock.now();
    const [row] = await db
      .update(notices)
      .set({
        title: body.title,
        content: body.content,
        contentHtml: await renderNoticeMarkdown(body.content),
        ignorable: body.ignorable === true,
        cid,
        startsAt: new Date(body.starts_at),
        endsAt: new Date(body.ends_at),
      })
      .where(
        and(
          eq(notices.id, id),
          isNull(notices.withdrawnAt),
          sql`${notices.startsAt} > ${now.toISOString()}`,
        ),
      )
      .returning({ id: notices.id });
    if (!row) throw await refusal(db, id, now, 'edit');
    await audit(c, {
      event: 'notice_edited',
      actor: actorOf(session),
      username: session.user.username,
      detail: { notice_id: id },
    });
    return c.json(await publishedNotice(db, id, now));
  });

  // Withdrawing ends a notice now (the server's clock): from then on nobody is shown it. One that
  // had started ends then; one that had not keeps its period and is never shown.
  api.post('/notices/:id/withdraw', async (c) => {
    const session = await requireSession(c);
    const id = noticeIdOfPath(c);
    const { db } = c.var.deps.database;
    const now = c.var.deps.clock.now();
    const at = now.toISOString();
    const [row] = await db
      .update(notices)
      .set({
        withdrawnAt: now,
        withdrawnBy: actorOf(session),
        endsAt: sql`case when ${notices.startsAt} < ${at}::timestamptz then ${at}::timestamptz else ${notices.endsAt} end`,
      })
      .where(and(eq(notices.id, id), isNull(notices.withdrawnAt), sql`${notices.endsAt} > ${at}`))
      .returning({ id: notices.id });
    if (!row) throw await refusal(db, id, now, 'withdraw');
    await audit(c, {
      event: 'notice_withdrawn',
      actor: actorOf(session),
      username: session.user.username,
      detail: { notice_id: id },
    });
    return c.json(await publishedNotice(db, id, now));
  });
}
