/**
 * The activity log's retention (docs/activity.md "Retention"): entries older than the retention
 * period (ACTIVITY_RETENTION_DAYS, 400 days by default) are deleted by the `activity.prune` job.
 */
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { activityLog } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** Deletes the entries older than `days` days before `now`; answers how many went. */
export async function pruneActivity(db: Executor, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const gone = await db
    .delete(activityLog)
    .where(lt(activityLog.at, cutoff))
    .returning({ id: activityLog.id });
  return gone.length;
}

/** The `activity.prune` job: the retention of the configuration, on the app's clock. */
export async function pruneActivityJob(deps: AppDeps): Promise<number> {
  const pruned = await pruneActivity(
    deps.database.db,
    deps.clock.now(),
    deps.config.activityRetentionDays,
  );
  deps.logger.info({ pruned }, 'activity log pruned');
  return pruned;
}
