/**
 * Writing the activity log (docs/activity.md). A change endpoint records its change once, in the
 * transaction of the change, with {@link recordActivity} (or through {@link recording}, a database
 * whose first transaction records the change before it commits). The middleware
 * ({@link activityMiddleware}) records what the handler did not: a refused or failed change (its
 * outcome, without the change), and it logs an error if a change succeeded unrecorded.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { ACTIVITY_ACTION_WORDS, type ActivityOutcome } from '#shared/activity/rules';
import type { ApiErrorBody } from '#shared/api-error';
import { API_BASE_PATH } from '#shared/constants';
import type { UserRow } from '../session/accounts.ts';
import { clientAddress } from '../session/client-address.ts';
import type { EndpointKey } from '../session/rules.ts';
import { optionalSession } from '../session/session.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { activityLog } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTIONS_BY_BODY, type ActivityAction } from './actions.ts';

export type { ActivityOutcome };

export interface ActivityEntry {
  action: ActivityAction;
  /** The change and its target in words; never a secret (card numbers: last four at most). */
  summary: string;
  outcome?: ActivityOutcome;
  /** Why it was refused or failed. */
  reason?: string | null;
  /** Whose entry it is when the request has no session (a login, a recovery). */
  user?: Pick<UserRow, 'uid' | 'cid' | 'username'>;
  /** With `user`: the site admin who acted (a proxy's start and end, a second factor's reset). */
  admin?: string | null;
}

/** What the middleware knows of the request's activity. */
export interface ActivityScope {
  /** The endpoint's action (ACTIVITY_ACTIONS). */
  action: ActivityAction;
  /** Entries written (each in its transaction) and whether any told a refusal or failure. */
  written: number;
  refusalWritten: boolean;
  /** The call changed nothing (a preview): it needs no entry. */
  unchanged?: boolean;
  /** The login a refused request is about when it has no session (a failed login). */
  subject?: Pick<UserRow, 'uid' | 'cid' | 'username'>;
}

declare module 'hono' {
  interface ContextVariableMap {
    activity?: ActivityScope;
  }
}

async function actorOf(c: Context<AppEnv>, entry: Pick<ActivityEntry, 'user' | 'admin'>) {
  if (entry.user) return { user: entry.user, admin: entry.admin ?? null };
  // A login names whom it is about before any session it replaces.
  const subject = c.get('activity')?.subject;
  if (subject) return { user: subject, admin: null };
  const session = await optionalSession(c).catch(() => null);
  if (session) return { user: session.user, admin: session.proxy?.admin.username ?? null };
  return undefined;
}

/** Words as an entry keeps them: no control characters (a database text holds no NUL), bounded. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, ENTRY_TEXT_MAX);
}

/** The longest summary or reason kept, in characters. */
const ENTRY_TEXT_MAX = 1000;

/**
 * Writes one entry with `db` (the change's transaction): when (the app's clock), which login and
 * the site admin acting as it, from which address, the action, its words and outcome. An entry
 * with no customer to show it to (an unknown username) is not written.
 */
export async function recordActivity(
  db: Executor,
  c: Context<AppEnv>,
  entry: ActivityEntry,
): Promise<void> {
  const actor = await actorOf(c, entry);
  if (!actor || actor.user.cid === null) return;
  const outcome = entry.outcome ?? 'ok';
  await db.insert(activityLog).values({
    at: c.var.deps.clock.now(),
    cid: actor.user.cid,
    uid: actor.user.uid,
    login: actor.user.username,
    actingAdmin: actor.admin,
    address: clientAddress(c),
    action: entry.action,
    summary: printable(entry.summary),
    outcome,
    reason: entry.reason == null ? null : printable(entry.reason),
    requestId: c.var.requestId ?? null,
  });
  const scope = c.get('activity');
  if (scope) {
    scope.written += 1;
    if (outcome !== 'ok') scope.refusalWritten = true;
  }
}

/** Where a request came from, for an entry a job writes on its behalf after the answer. */
export interface RequestOrigin {
  address?: string;
  requestId?: string;
}

/** The client address and request id of `c`, carried in a job's data (a recovery request). */
export function requestOrigin(c: Context<AppEnv>): Required<RequestOrigin> {
  return { address: clientAddress(c), requestId: c.var.requestId ?? '' };
}

/**
 * Writes one entry from a job, with `db` (the job's transaction), for a request answered before
 * the job ran (a recovery request: the answer tells nothing of the login). Its time is the job's.
 */
export async function recordJobActivity(
  db: Executor,
  deps: Pick<AppDeps, 'clock'>,
  origin: RequestOrigin,
  entry: Required<Pick<ActivityEntry, 'user' | 'action' | 'summary'>>,
): Promise<void> {
  if (entry.user.cid === null) return;
  await db.insert(activityLog).values({
    at: deps.clock.now(),
    cid: entry.user.cid,
    uid: entry.user.uid,
    login: entry.user.username,
    actingAdmin: null,
    address: origin.address ?? '',
    action: entry.action,
    summary: entry.summary,
    outcome: 'ok',
    reason: null,
    requestId: origin.requestId || null,
  });
}

/** Says this call of a change endpoint changed nothing (a preview), so it records no entry. */
export function noChange(c: Context<AppEnv>): void {
  const scope = c.get('activity');
  if (scope) scope.unchanged = true;
}

/**
 * `db` whose first transaction records the change before it commits: `before` reads what the
 * change replaces (in that transaction, before the change), `entry` words it afterwards (the
 * transaction sees its own change). For store functions that open their own transaction.
 */
export function recording<B = undefined>(
  c: Context<AppEnv>,
  db: Database,
  steps: {
    before?: (tx: Executor) => Promise<B>;
    /** `result` is what the transaction answered (the store's row, typed by the caller). */
    entry: (
      tx: Executor,
      before: B | undefined,
      result: unknown,
    ) => Promise<ActivityEntry | null> | ActivityEntry | null;
  },
): Database {
  let done = false;
  const transaction: Database['transaction'] = (run, config) =>
    db.transaction(async (tx) => {
      if (done) return run(tx);
      done = true;
      const before = steps.before ? await steps.before(tx) : undefined;
      const result = await run(tx);
      const entry = await steps.entry(tx, before, result);
      if (entry) await recordActivity(tx, c, entry);
      else noChange(c);
      return result;
    }, config);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** `c`'s dependencies whose database's first transaction records the change (see recording). */
export function recordingDeps<B>(
  c: Context<AppEnv>,
  steps: Parameters<typeof recording<B>>[2],
): AppDeps {
  const { deps } = c.var;
  return { ...deps, database: { ...deps.database, db: recording(c, deps.database.db, steps) } };
}

/** Names the login a request is about before it has a session (a login's password was checked). */
export function activitySubject(
  c: Context<AppEnv>,
  user: Pick<UserRow, 'uid' | 'cid' | 'username'>,
) {
  const scope = c.get('activity');
  if (scope) scope.subject = user;
}

/** The route an endpoint key names (`POST /dns/:zone_id`), from Hono's matched routes. */
function endpointOf(c: Context<AppEnv>, basePath: string): EndpointKey | undefined {
  const route = c.req.matchedRoutes.find((r) => r.method !== 'ALL');
  if (!route) return undefined;
  const path = route.path.startsWith(basePath) ? route.path.slice(basePath.length) : route.path;
  return `${route.method} ${path}` as EndpointKey;
}

/** Path parameters that are secrets (a recovery link's token): shown by their name, never. */
const SECRET_PARAMS = ['url'] as const;

/** The request's path under the API, a secret parameter replaced by its name (`:url`). */
function pathShown(c: Context<AppEnv>, basePath: string): string {
  let path = c.req.path.slice(basePath.length);
  for (const name of SECRET_PARAMS) {
    const value = c.req.param(name);
    if (value)
      path = path.replace(encodeURIComponent(value), `:${name}`).replace(value, `:${name}`);
  }
  return path;
}

/** Answers that are a step of a login rather than its refusal: not recorded. */
const LOGIN_STEPS = new Set(['Second Factor Required', 'Second Factor Setup Required']);

function refusalOf(
  c: Context<AppEnv>,
  status: number,
): { outcome: ActivityOutcome; reason: string } {
  const error = c.error;
  if (error instanceof ApiError) {
    const body: ApiErrorBody = error.toBody();
    const fields = body.errors ? Object.values(body.errors).join(' ') : '';
    return {
      outcome: status >= 500 ? 'failed' : 'refused',
      reason: `${body.title}: ${fields || body.msg}`,
    };
  }
  return { outcome: status >= 500 ? 'failed' : 'refused', reason: `HTTP ${status}` };
}

/**
 * Around every change endpoint of ACTIVITY_ACTIONS: a refused or failed change (4xx/5xx) is
 * recorded with its outcome and reason unless its handler recorded one itself; a change that
 * succeeded without an entry is an error in the log (each handler records its own, in its
 * transaction).
 */
export function activityMiddleware(basePath: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const endpoint = endpointOf(c, basePath);
    const action = endpoint && ACTIVITY_ACTIONS[endpoint];
    if (!endpoint || !action) return next();
    const scope: ActivityScope = { action, written: 0, refusalWritten: false };
    c.set('activity', scope);
    await next();
    const status = c.res.status;
    if (status < 400) {
      if (scope.written === 0 && !scope.unchanged) {
        c.var.log.error({ endpoint }, 'a change endpoint answered without an activity entry');
      }
      return;
    }
    if (scope.refusalWritten) return;
    if (c.error instanceof ApiError && LOGIN_STEPS.has(c.error.title)) return;
    try {
      const { outcome, reason } = refusalOf(c, status);
      const asked = await actionAsked(c, endpoint, action);
      await recordActivity(c.var.deps.database.db, c, {
        action: asked,
        summary: `${ACTIVITY_ACTION_WORDS[asked]}: ${c.req.method} ${pathShown(c, basePath)}`,
        outcome,
        reason,
      });
    } catch (error) {
      c.var.log.error({ err: error, endpoint }, 'could not record a refused change');
    }
  };
}

/** A refused request's action: what its body asked for, where the endpoint does more than one thing. */
async function actionAsked(
  c: Context<AppEnv>,
  endpoint: EndpointKey,
  action: ActivityAction,
): Promise<ActivityAction> {
  const byBody = ACTIVITY_ACTIONS_BY_BODY[endpoint];
  if (!byBody) return action;
  // Hono keeps a body read once: the handler's read (or none) and this one see the same JSON.
  const body: unknown = await c.req.json().catch(() => undefined);
  return byBody(body) ?? action;
}

/** Installed first, around access control: a change it refuses is recorded too. */
export function registerActivityRecording(api: Hono<AppEnv>) {
  api.use('*', activityMiddleware(API_BASE_PATH));
}
