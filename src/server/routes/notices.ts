/**
 * Notices from the provider (portal.md §7 "Notices", docs/people.md): the current ones a user
 * has not acknowledged, every one with its state, acknowledging (time and user recorded),
 * ignoring an ignorable one, and writing one (site admins; the Markdown rendered and sanitised
 * here, once).
 */
import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { parseRecordId } from '#shared/billing';
import { NOTICE_MESSAGES } from '#shared/messages/people';
import { NewNoticeSchema, NoticePreviewSchema } from '#shared/notices/schemas';
import type { Notice, NoticeList, NoticePreview, NoticeStateList } from '#shared/notices/types';
import { requireSession, type Session } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { customers, notices } from '../db/schema.ts';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { queueNoticeMails } from '../notices/mail.ts';
import { renderNoticeMarkdown } from '../notices/markdown.ts';
import {
  noticeView,
  noticeWithState,
  noticesWithState,
  pendingNotices,
  recordState,
  visibleNotice,
} from '../notices/store.ts';

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
    if (body.cid !== null) {
      const [customer] = await db
        .select({ cid: customers.cid })
        .from(customers)
        .where(eq(customers.cid, body.cid));
      if (!customer) throw validationFailed({ cid: NOTICE_MESSAGES.customerNotFound });
    }
    const { row, deliver } = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notices)
        .values({
          title: body.title,
          content: body.content,
          contentHtml: renderNoticeMarkdown(body.content),
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
    return c.json({ content_html: renderNoticeMarkdown(body.content) } satisfies NoticePreview);
  });

  api.post('/notices/:id/ack', async (c) => {
    const session = await requireSession(c);
    const notice = await noticeOfPath(c, session);
    await recordState(
      c.var.deps.database.db,
      notice.id,
      session.user.uid,
      actorOf(session),
      'acknowledgedAt',
    );
    return c.json({ msg: 'Acknowledged' });
  });

  api.delete('/notices/:id', async (c) => {
    const session = await requireSession(c);
    const notice = await noticeOfPath(c, session);
    if (!notice.ignorable) throw conflict(NOTICE_MESSAGES.notIgnorable);
    await recordState(
      c.var.deps.database.db,
      notice.id,
      session.user.uid,
      actorOf(session),
      'dismissedAt',
    );
    return c.json({ msg: 'Ignored' });
  });
}
