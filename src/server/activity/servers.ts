/**
 * What the servers' changes record (docs/activity.md "Servers"): the server by name, its sizes
 * before and after, its power action, its Plesk licence.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { servers } from '../db/schema.ts';
import { recordActivity, recordingDeps, type ActivityEntry } from './record.ts';

type ServerRow = typeof servers.$inferSelect;

async function serverRow(tx: Executor, cid: number, iid: number): Promise<ServerRow | undefined> {
  const [row] = await tx
    .select()
    .from(servers)
    .where(and(eq(servers.iid, iid), eq(servers.cid, cid)));
  return row;
}

function sizes(before: ServerRow | undefined, after: ServerRow | undefined): string[] {
  if (!before || !after) return [];
  const changes: string[] = [];
  if (before.cpus !== after.cpus)
    changes.push(ACTIVITY_WORDS.serverSize('CPUs', before.cpus, after.cpus));
  if (before.mem !== after.mem)
    changes.push(ACTIVITY_WORDS.serverSize('memory MB', before.mem, after.mem));
  if (before.disk !== after.disk)
    changes.push(ACTIVITY_WORDS.serverSize('disk GB', before.disk, after.disk));
  return changes;
}

export const serverActivity = {
  created: (c: Context<AppEnv>) =>
    recordingDeps(c, {
      entry: (_tx, _before, result) => ({
        action: 'server.create',
        summary: ACTIVITY_WORDS.serverCreated((result as ServerRow).name),
      }),
    }),

  changed: (c: Context<AppEnv>, cid: number, iid: number) =>
    recordingDeps(c, {
      before: (tx) => serverRow(tx, cid, iid),
      entry: async (tx, before) => ({
        action: 'server.update',
        summary: ACTIVITY_WORDS.serverChanged(
          before?.name ?? String(iid),
          sizes(before, await serverRow(tx, cid, iid)),
        ),
      }),
    }),

  deleted: (c: Context<AppEnv>, cid: number, iid: number) =>
    recordingDeps(c, {
      before: (tx) => serverRow(tx, cid, iid),
      entry: (_tx, before) => ({
        action: 'server.delete',
        summary: ACTIVITY_WORDS.serverDeleted(before?.name ?? String(iid)),
      }),
    }),

  /**
   * A power action: the hypervisor's task, started outside any transaction (servers.ts), is
   * recorded once the hypervisor accepted it.
   */
  power: async (c: Context<AppEnv>, cid: number, iid: number, action: string) => {
    const { db } = c.var.deps.database;
    const row = await serverRow(db, cid, iid);
    await recordActivity(db, c, {
      action: 'server.power',
      summary: ACTIVITY_WORDS.serverPower(row?.name ?? String(iid), action),
    });
  },

  /** A Plesk licence added or removed, in the transaction `tx` of that change. */
  plesk: async (
    tx: Executor,
    c: Context<AppEnv>,
    cid: number,
    iid: number,
    action: Extract<ActivityEntry['action'], 'plesk.create' | 'plesk.delete'>,
  ) => {
    const name = (await serverRow(tx, cid, iid))?.name ?? String(iid);
    await recordActivity(tx, c, {
      action,
      summary:
        action === 'plesk.create'
          ? ACTIVITY_WORDS.pleskAdded(name)
          : ACTIVITY_WORDS.pleskRemoved(name),
    });
  },
};
