/**
 * `GET /activity` (docs/api.md "Activity log", docs/activity.md): the caller's customer's entries,
 * newest first. A primary admin (and a site admin acting as the customer) sees every login's; any
 * other user with account view sees their own; a site admin outside a customer names one with
 * `cid`. `format=csv` answers the same entries (up to ACTIVITY.csvMax, no paging) as a file.
 */
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  ACTIVITY_ACTION_WORDS,
  ACTIVITY_OUTCOME_WORDS,
  actionsOfFilter,
  ActivityQuerySchema,
  type ActivityAction,
  type ActivityEntry,
  type ActivityOutcome,
  type ActivityPage,
  type ActivityQuery,
} from '#shared/activity/rules';
import { ACTIVITY } from '#shared/activity/constants';
import { ERROR_MESSAGES, ERROR_TITLES } from '#shared/messages';
import { hasPermission } from '#shared/permissions';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import { activityLog, customers } from '../db/schema.ts';
import { forbidden, notFound, validationFailed } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';

const CidSchema = v.object({
  cid: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'cid must be a customer number'))),
});

/** Whose entries the caller may read: a customer, and one login of it unless all. */
async function scopeOf(c: Context<AppEnv>): Promise<{ cid: number; uid: number | null }> {
  const session = await requireSession(c);
  const { cid } = parseWith(CidSchema, { cid: c.req.query('cid') });
  const siteAdmin = session.user.siteAdmin && !session.proxy;
  if (siteAdmin) {
    if (cid === undefined) throw validationFailed({ cid: 'cid is required for a site admin' });
    const [customer] = await c.var.deps.database.db
      .select({ cid: customers.cid })
      .from(customers)
      .where(eq(customers.cid, Number(cid)));
    if (!customer) throw notFound('There is no customer with this number.');
    return { cid: customer.cid, uid: null };
  }
  if (!hasPermission(session.perms, 'account.view') || session.user.cid === null) {
    throw forbidden(ERROR_MESSAGES.accessDenied, ERROR_TITLES.accessDenied);
  }
  if (cid !== undefined && Number(cid) !== session.user.cid) {
    throw forbidden(ERROR_MESSAGES.accessDenied, ERROR_TITLES.accessDenied);
  }
  const all = session.user.primaryAdmin || session.proxy !== null;
  return { cid: session.user.cid, uid: all ? null : session.user.uid };
}

/** The start of a UTC day, and of the day after. */
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

function filters(scope: { cid: number; uid: number | null }, query: ActivityQuery): SQL[] {
  const where: SQL[] = [eq(activityLog.cid, scope.cid)];
  if (scope.uid !== null) where.push(eq(activityLog.uid, scope.uid));
  if (query.login) where.push(eq(activityLog.login, query.login));
  if (query.action) where.push(inArray(activityLog.action, actionsOfFilter(query.action)));
  if (query.from) where.push(gte(activityLog.at, dayStart(query.from)));
  if (query.to) where.push(lt(activityLog.at, nextDay(query.to)));
  return where;
}

function entryOf(row: typeof activityLog.$inferSelect): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    login: row.login,
    acting_admin: row.actingAdmin,
    address: row.address,
    action: row.action as ActivityAction,
    summary: row.summary,
    outcome: row.outcome as ActivityOutcome,
    reason: row.reason,
  };
}

/** One CSV field (RFC 4180), with a leading formula character neutralised for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const ACTIVITY_CSV_HEADER = [
  'When (UTC)',
  'Login',
  'Acting site admin',
  'Address',
  'Action',
  'What',
  'Outcome',
  'Reason',
];

function csvOf(entries: ActivityEntry[]): string {
  const lines = [ACTIVITY_CSV_HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [
        e.at,
        e.login,
        e.acting_admin ?? '',
        e.address,
        ACTIVITY_ACTION_WORDS[e.action] ?? e.action,
        e.summary,
        ACTIVITY_OUTCOME_WORDS[e.outcome] ?? e.outcome,
        e.reason ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function registerActivityRoutes(api: Hono<AppEnv>) {
  api.get('/activity', async (c) => {
    const scope = await scopeOf(c);
    const { cid: _cid, ...rest } = c.req.query();
    const query = parseWith(ActivityQuerySchema, rest);
    const { db } = c.var.deps.database;
    const where = and(...filters(scope, query));
    if (query.format === 'csv') {
      const rows = await db
        .select()
        .from(activityLog)
        .where(where)
        .orderBy(desc(activityLog.at), desc(activityLog.id))
        .limit(ACTIVITY.csvMax);
      return c.body(csvOf(rows.map(entryOf)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="activity-${scope.cid}.csv"`,
      });
    }
    const rows = await db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.at), desc(activityLog.id))
      .limit(query.limit)
      .offset(query.offset);
    const [total] = await db.select({ n: count() }).from(activityLog).where(where);
    return c.json({
      entries: rows.map(entryOf),
      total: total?.n ?? 0,
      limit: query.limit,
      offset: query.offset,
    } satisfies ActivityPage);
  });
}
