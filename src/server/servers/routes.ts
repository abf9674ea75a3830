/**
 * Virtual servers (docs/api.md "Servers", docs/servers.md): the portal.md §7 calls. Services
 * view to read, services manage to change (src/server/session/endpoints.ts); every iid is looked up
 * with the caller's customer, so another customer's server is a 404 like a missing one.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { parseRecordId } from '#shared/billing/schemas';
import { ERROR_MESSAGES } from '#shared/messages';
import { SERVER_MESSAGES, unknownPowerAction } from '#shared/servers/messages';
import {
  isPowerAction,
  isServerSortColumn,
  PleskRequestSchema,
  ServerCreateSchema,
  ServerUpdateSchema,
  sortServers,
  type PleskLicence,
} from '#shared/servers/rules';
import { serverActivity } from '../activity/servers.ts';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import { pleskLicences } from '../db/schema.ts';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import {
  countServers,
  createServer,
  deleteServer,
  findServer,
  getServer,
  listServers,
  powerStatus,
  runPowerAction,
  updateServer,
} from './servers.ts';

function iidOf(c: Context<AppEnv>): number {
  const iid = parseRecordId(c.req.param('iid') ?? '');
  if (iid === null) throw notFound(ERROR_MESSAGES.serverNotFound);
  return iid;
}

async function caller(c: Context<AppEnv>) {
  const session = await requireSession(c);
  return { deps: c.var.deps, cid: session.user.cid };
}

function licenceRecord(row: typeof pleskLicences.$inferSelect): PleskLicence {
  return {
    id: row.id,
    iid: row.iid,
    licence_key: row.licenceKey,
    created_at: row.createdAt.toISOString(),
  };
}

export function registerServersRoutes(api: Hono<AppEnv>) {
  api.get('/servers', async (c) => {
    const { deps, cid } = await caller(c);
    return c.json({ servers: await listServers(deps, cid) });
  });

  api.get('/servers/all/count', async (c) => {
    const { deps, cid } = await caller(c);
    return c.json({ count: await countServers(deps, cid) });
  });

  api.get('/servers/all/:sortedColumn/:sortUp', async (c) => {
    const { deps, cid } = await caller(c);
    const column = c.req.param('sortedColumn');
    const up = c.req.param('sortUp');
    const errors: Record<string, string> = {};
    if (!isServerSortColumn(column)) errors.sortedColumn = SERVER_MESSAGES.sortColumn;
    if (up !== 'true' && up !== 'false') errors.sortUp = SERVER_MESSAGES.sortDirection;
    if (!isServerSortColumn(column) || Object.keys(errors).length > 0) {
      throw validationFailed(errors);
    }
    const servers = sortServers(await listServers(deps, cid), column, up === 'true');
    return c.json({ servers });
  });

  api.get('/servers/:iid', async (c) => {
    const { deps, cid } = await caller(c);
    return c.json({ server: await getServer(deps, cid, iidOf(c)) });
  });

  api.post('/servers/', async (c) => {
    const { cid } = await caller(c);
    const input = await readJson(c, ServerCreateSchema);
    return c.json({ server: await createServer(serverActivity.created(c), cid, input) }, 201);
  });

  api.put('/servers/:iid', async (c) => {
    const { cid } = await caller(c);
    const iid = iidOf(c);
    const input = await readJson(c, ServerUpdateSchema);
    return c.json({
      server: await updateServer(serverActivity.changed(c, cid, iid), cid, iid, input),
    });
  });

  api.delete('/servers/:iid', async (c) => {
    const { cid } = await caller(c);
    const iid = iidOf(c);
    await deleteServer(serverActivity.deleted(c, cid, iid), cid, iid);
    return c.json({ iid, deleted: true });
  });

  api.get('/servers/:iid/power_status', async (c) => {
    const { deps, cid } = await caller(c);
    return c.json(await powerStatus(deps, cid, iidOf(c)));
  });

  const power = (fixed?: string) => async (c: Context<AppEnv>) => {
    const { deps, cid } = await caller(c);
    const iid = iidOf(c);
    const action = fixed ?? c.req.param('newStatus') ?? '';
    if (!isPowerAction(action)) throw validationFailed({ newStatus: unknownPowerAction(action) });
    const status = await runPowerAction(deps, cid, iid, action);
    await serverActivity.power(c, cid, iid, action);
    return c.json(status, 202);
  };
  api.post('/servers/:iid/start', power('start'));
  api.post('/servers/:iid/stop', power('stop'));
  api.post('/servers/:iid/force_stop', power('force_stop'));
  api.post('/servers/:iid/:newStatus', power());

  // Plesk licences of managed servers (docs/servers.md "Plesk licences").
  api.get('/plesk_servers', async (c) => {
    const { deps, cid } = await caller(c);
    const rows = await deps.database.db
      .select()
      .from(pleskLicences)
      .where(eq(pleskLicences.cid, cid))
      .orderBy(asc(pleskLicences.iid));
    return c.json({ plesk_servers: rows.map(licenceRecord) });
  });

  api.post('/plesk_servers', async (c) => {
    const { deps, cid } = await caller(c);
    const { iid } = await readJson(c, PleskRequestSchema);
    const server = await findServer(deps.database.db, cid, iid);
    if (!server.managed) throw validationFailed({ iid: SERVER_MESSAGES.pleskNotManaged });
    const row = await deps.database.db.transaction(async (tx) => {
      const [added] = await tx
        .insert(pleskLicences)
        .values({
          cid,
          iid,
          licenceKey: `PLSK.${randomBytes(12).toString('hex').toUpperCase()}`,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (added) await serverActivity.plesk(tx, c, cid, iid, 'plesk.create');
      return added;
    });
    if (!row) throw conflict(SERVER_MESSAGES.pleskExists);
    return c.json({ plesk_server: licenceRecord(row) }, 201);
  });

  api.post('/plesk_servers/delete', async (c) => {
    const { deps, cid } = await caller(c);
    const { iid } = await readJson(c, PleskRequestSchema);
    const row = await deps.database.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(pleskLicences)
        .where(and(eq(pleskLicences.cid, cid), eq(pleskLicences.iid, iid)))
        .returning();
      if (removed) await serverActivity.plesk(tx, c, cid, iid, 'plesk.delete');
      return removed;
    });
    if (!row) throw notFound(SERVER_MESSAGES.pleskMissing);
    return c.json({ iid, deleted: true });
  });
}
