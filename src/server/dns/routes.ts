/**
 * The DNS panel (docs/api.md "DNS", docs/dns.md): zones, records and aliases of the caller's
 * customer, a zone file out and in. Every id in a path is looked up with the caller's customer:
 * another customer's zone answers exactly like one that does not exist (404). Access rules:
 * src/server/session/endpoints.ts (services view to read, services manage to change).
 */
import type { Context, Hono } from 'hono';
import {
  AliasCreateSchema,
  DnsPageQuerySchema,
  ImportRequestSchema,
  parseDnsId,
  recordBodySchema,
  ZoneCreateSchema,
  ZoneUpdateSchema,
} from '#shared/dns/rules';
import { DNS_MESSAGES } from '#shared/dns/messages';
import { requireSession } from '../session/session.ts';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { readJson, readQuery } from '../http/validate.ts';
import { dnsActivity } from '../activity/dns.ts';
import { kickDnsPublisher } from './publication.ts';
import {
  addAlias,
  createRecord,
  createZone,
  deleteAlias,
  deleteRecord,
  deleteZone,
  listRecords,
  listZones,
  pathType,
  recordOf,
  updateRecord,
  updateZone,
  zoneOf,
  zoneWithDetails,
} from './store.ts';
import { exportZoneFile, importZoneFile } from './zone-file.ts';

function pathId(c: Context<AppEnv>, param: string, message: string): number {
  const id = parseDnsId(c.req.param(param) ?? '');
  if (id === null) throw notFound(message);
  return id;
}

/** The zone named in the path, if the caller's customer has it (404 otherwise, as for none). */
function pathZone(c: Context<AppEnv>, db: Executor, cid: number) {
  return zoneOf(db, cid, pathId(c, 'zone_id', DNS_MESSAGES.zoneNotFound));
}

async function caller(c: Context<AppEnv>) {
  const session = await requireSession(c);
  const { deps } = c.var;
  return {
    cid: session.user.cid,
    db: deps.database.db,
    dns: deps.config.dns,
    primary: deps.config.dns.nameservers[0]!,
    changed: () => kickDnsPublisher(deps.database),
  };
}

export function registerDnsRoutes(api: Hono<AppEnv>) {
  api.get('/dns', async (c) => {
    const { cid, db, dns } = await caller(c);
    const page = readQuery(c, DnsPageQuerySchema);
    return c.json(await listZones(db, cid, page, dns));
  });

  api.post('/dns', async (c) => {
    const { cid, db, dns, changed } = await caller(c);
    const body = await readJson(c, ZoneCreateSchema);
    const zone = await createZone(dnsActivity.zoneCreated(c, db), cid, body, dns);
    changed();
    return c.json({ zone: await zoneWithDetails(db, zone, dns) }, 201);
  });

  api.put('/dns/:zone_id', async (c) => {
    const { cid, db, dns, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const body = await readJson(c, ZoneUpdateSchema);
    const zone = await updateZone(dnsActivity.zoneChanged(c, db, zoneId), cid, zoneId, body.ttl);
    changed();
    return c.json({ zone: await zoneWithDetails(db, zone, dns) });
  });

  api.delete('/dns/:zone_id', async (c) => {
    const { cid, db, changed } = await caller(c);
    const zoneId = pathId(c, 'zone_id', DNS_MESSAGES.zoneNotFound);
    await deleteZone(dnsActivity.zoneDeleted(c, db, zoneId), cid, zoneId);
    changed();
    return c.json({ msg: DNS_MESSAGES.zoneDeleted });
  });

  api.get('/dns/:zone_id/records', async (c) => {
    const { cid, db } = await caller(c);
    const zone = await pathZone(c, db, cid);
    return c.json(await listRecords(db, zone, readQuery(c, DnsPageQuerySchema)));
  });

  api.post('/dns/:zone_id/records/:record_type', async (c) => {
    const { cid, db, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const type = pathType(c.req.param('record_type'));
    const body = await readJson(c, recordBodySchema(type));
    const row = await createRecord(dnsActivity.recordAdded(c, db, zoneId), cid, zoneId, type, body);
    changed();
    return c.json({ record: recordOf(row) }, 201);
  });

  api.put('/dns/:zone_id/records/:record_type/:record_id', async (c) => {
    const { cid, db, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const type = pathType(c.req.param('record_type'));
    const recordId = pathId(c, 'record_id', DNS_MESSAGES.recordNotFound);
    const body = await readJson(c, recordBodySchema(type));
    const row = await updateRecord(
      dnsActivity.recordChanged(c, db, zoneId, recordId),
      cid,
      zoneId,
      type,
      recordId,
      body,
    );
    changed();
    return c.json({ record: recordOf(row) });
  });

  api.delete('/dns/:zone_id/records/:record_type/:record_id', async (c) => {
    const { cid, db, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const type = pathType(c.req.param('record_type'));
    const recordId = pathId(c, 'record_id', DNS_MESSAGES.recordNotFound);
    await deleteRecord(
      dnsActivity.recordDeleted(c, db, zoneId, recordId),
      cid,
      zoneId,
      type,
      recordId,
    );
    changed();
    return c.json({ msg: DNS_MESSAGES.recordDeleted });
  });

  api.post('/dns/:zone_id/aliases', async (c) => {
    const { cid, db, dns, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const body = await readJson(c, AliasCreateSchema);
    const alias = await addAlias(
      dnsActivity.aliasAdded(c, db, zoneId),
      cid,
      zoneId,
      body.alias_name,
      dns,
    );
    changed();
    return c.json({ alias: { alias_id: alias.aliasId, alias_name: alias.aliasName } }, 201);
  });

  api.delete('/dns/:zone_id/aliases/:alias_id', async (c) => {
    const { cid, db, changed } = await caller(c);
    const zoneId = pathId(c, 'zone_id', DNS_MESSAGES.zoneNotFound);
    const aliasId = pathId(c, 'alias_id', DNS_MESSAGES.aliasNotFound);
    await deleteAlias(dnsActivity.aliasRemoved(c, db, zoneId, aliasId), cid, zoneId, aliasId);
    changed();
    return c.json({ msg: DNS_MESSAGES.aliasDeleted });
  });

  api.get('/dns/:zone_id/export', async (c) => {
    const { cid, db, primary } = await caller(c);
    const zone = await pathZone(c, db, cid);
    const text = await exportZoneFile(db, zone, primary);
    return c.body(text, 200, {
      'Content-Type': 'text/dns; charset=utf-8',
      'Content-Disposition': `attachment; filename="${zone.zoneName}.zone"`,
    });
  });

  api.post('/dns/:zone_id/import', async (c) => {
    const { cid, db, dns, changed } = await caller(c);
    const { zoneId } = await pathZone(c, db, cid);
    const body = await readJson(c, ImportRequestSchema);
    const preview = await importZoneFile(
      dnsActivity.imported(c, db, zoneId),
      cid,
      zoneId,
      body.zone_file,
      body.apply,
      dns.nameservers,
    );
    if (preview.applied) changed();
    return c.json(preview);
  });
}
