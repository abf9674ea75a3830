/**
 * Notices and what each user did with them (docs/people.md "Notices"). A notice is current while
 * the server's clock (`deps.clock`, so tests and tools can move it) is between its start and end
 * and no site admin withdrew it; it reaches every customer, or the one it names. A notice
 * withdrawn before it started was never shown: customers never see it, not even in their list.
 */
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Notice, NoticePeriod, NoticeWithState, PublishedNotice } from '#shared/notices/types';
import type { Executor } from '../db/client.ts';
import { notices, noticeStates } from '../db/schema.ts';

type NoticeRow = typeof notices.$inferSelect;
type StateRow = typeof noticeStates.$inferSelect;

export function noticeView(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    content_html: row.contentHtml,
    ignorable: row.ignorable,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
  };
}

export function periodOf(row: NoticeRow, now: Date): NoticePeriod {
  if (row.withdrawnAt !== null) return 'withdrawn';
  if (now < row.startsAt) return 'upcoming';
  return now < row.endsAt ? 'current' : 'ended';
}

export function noticeWithState(
  row: NoticeRow,
  state: StateRow | null,
  now: Date,
): NoticeWithState {
  return {
    ...noticeView(row),
    cid: row.cid,
    period: periodOf(row, now),
    acknowledged_at: state?.acknowledgedAt?.toISOString() ?? null,
    dismissed_at: state?.dismissedAt?.toISOString() ?? null,
  };
}

/** Meant for this customer, and not withdrawn before it started (it was shown). */
const forCustomer = (cid: number) =>
  and(
    or(isNull(notices.cid), eq(notices.cid, cid)),
    or(isNull(notices.withdrawnAt), gt(notices.withdrawnAt, notices.startsAt)),
  );

/** Every notice this customer's user sees, with the user's state; `cid` null: every notice. */
export async function noticesWithState(db: Executor, uid: number, cid: number | null) {
  return db
    .select({ notice: notices, state: noticeStates })
    .from(notices)
    .leftJoin(noticeStates, and(eq(noticeStates.noticeId, notices.id), eq(noticeStates.uid, uid)))
    .where(cid === null ? undefined : forCustomer(cid))
    .orderBy(asc(notices.startsAt), asc(notices.id));
}

/** The current notices the user has neither acknowledged nor ignored. */
export async function pendingNotices(db: Executor, uid: number, cid: number, now: Date) {
  const rows = await db
    .select({ notice: notices })
    .from(notices)
    .leftJoin(noticeStates, and(eq(noticeStates.noticeId, notices.id), eq(noticeStates.uid, uid)))
    .where(
      and(
        forCustomer(cid),
        sql`${notices.startsAt} <= ${now.toISOString()}`,
        sql`${notices.endsAt} > ${now.toISOString()}`,
        isNull(notices.withdrawnAt),
        isNull(noticeStates.acknowledgedAt),
        isNull(noticeStates.dismissedAt),
      ),
    )
    .orderBy(asc(notices.startsAt), asc(notices.id));
  return rows.map((r) => r.notice);
}

/** A notice this customer sees and that has started, or undefined. */
export async function visibleNotice(db: Executor, id: number, cid: number, now: Date) {
  const [row] = await db
    .select()
    .from(notices)
    .where(
      and(eq(notices.id, id), forCustomer(cid), sql`${notices.startsAt} <= ${now.toISOString()}`),
    );
  return row;
}

export async function recordState(
  db: Executor,
  noticeId: number,
  uid: number,
  actor: string,
  field: 'acknowledgedAt' | 'dismissedAt',
) {
  const at = new Date();
  await db
    .insert(noticeStates)
    .values({ noticeId, uid, actor, [field]: at })
    .onConflictDoUpdate({
      target: [noticeStates.noticeId, noticeStates.uid],
      set: { [field]: sql`coalesce(${noticeStates[field]}, ${at.toISOString()})`, actor },
    });
}

/**
 * Every notice with how many users acknowledged it and how many ignored it without acknowledging
 * it (a user counts once), the latest start first: the Admin tab's list (GET /notices/published).
 */
export async function publishedNotices(db: Executor, now: Date, id?: number) {
  const rows = await db
    .select({
      notice: notices,
      acknowledged: sql<number>`count(${noticeStates.acknowledgedAt})::int`,
      ignored: sql<number>`(count(*) filter (where ${noticeStates.dismissedAt} is not null and ${noticeStates.acknowledgedAt} is null))::int`,
    })
    .from(notices)
    .leftJoin(noticeStates, eq(noticeStates.noticeId, notices.id))
    .where(id === undefined ? undefined : eq(notices.id, id))
    .groupBy(notices.id)
    .orderBy(desc(notices.startsAt), desc(notices.id));
  return rows.map((r): PublishedNotice => ({
    ...noticeView(r.notice),
    cid: r.notice.cid,
    period: periodOf(r.notice, now),
    created_by: r.notice.createdBy,
    withdrawn_at: r.notice.withdrawnAt?.toISOString() ?? null,
    withdrawn_by: r.notice.withdrawnBy,
    acknowledged: Number(r.acknowledged),
    ignored: Number(r.ignored),
  }));
}
