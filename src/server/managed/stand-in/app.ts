/**
 * The stand-in host agent's HTTP API (`Authorization: Bearer <HOST_AGENT_API_KEY>`), what the
 * product's client (../client.ts) calls:
 * - `GET /servers/{iid}/lists/{list}`: one list of the managed server view (no secrets);
 * - `POST /servers/{iid}/changes`: one change (../agent.ts `ManagedChange`): 200 `{ record }`
 *   (with `checked: false` when no nginx checked the configuration it made), or 404, 409 or 422
 *   `{ msg, errors?, detail? }`, or 503 `{ msg, busy: true }` with Retry-After when the agent
 *   already holds as many changes as its checks and queue take;
 * - `GET /servers/{iid}/nginx`: `{ status }`;
 * - `GET /servers/{iid}/configuration`: the rendered nginx files, private keys left out.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MANAGED_LIST_NAMES, parseManagedId, type ManagedListName } from '#shared/managed/rules';
import { MANAGED } from '#shared/managed/constants';
import type { ManagedChange } from '../agent.ts';
import type { StandInAgent } from './agent.ts';

const BODY_LIMIT_BYTES = 1_048_576;

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createHostAgentApp(agent: StandInAgent, apiKey: string): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    if (!sameKey(header, `Bearer ${apiKey}`)) return c.json({ msg: 'Unauthorized' }, 401);
    await next();
  });
  app.use('*', bodyLimit({ maxSize: BODY_LIMIT_BYTES }));
  app.get('/servers/:iid/lists/:list', async (c) => {
    const iid = parseManagedId(c.req.param('iid'));
    const list = c.req.param('list') as ManagedListName;
    if (iid === undefined || !MANAGED_LIST_NAMES.includes(list)) {
      return c.json({ msg: 'Not found' }, 404);
    }
    return c.json(await agent.list(iid, list));
  });
  app.post('/servers/:iid/changes', async (c) => {
    const iid = parseManagedId(c.req.param('iid'));
    if (iid === undefined) return c.json({ msg: 'Not found' }, 404);
    const change = (await c.req.json()) as ManagedChange;
    const result = await agent.apply(iid, change);
    if (result.ok) {
      return c.json({
        record: result.record,
        ...(result.checked === false ? { checked: false } : {}),
      });
    }
    const { ok: _ok, status, retryAfter, ...body } = result;
    if (status === 503) {
      c.header('Retry-After', String(retryAfter ?? MANAGED.busyRetryAfterSeconds));
      return c.json({ ...body, busy: true }, status);
    }
    return c.json(body, status);
  });
  app.get('/servers/:iid/nginx', async (c) => {
    const iid = parseManagedId(c.req.param('iid'));
    if (iid === undefined) return c.json({ msg: 'Not found' }, 404);
    return c.json(await agent.nginx(iid));
  });
  app.get('/servers/:iid/configuration', async (c) => {
    const iid = parseManagedId(c.req.param('iid'));
    if (iid === undefined) return c.json({ msg: 'Not found' }, 404);
    return c.json(await agent.configuration(iid));
  });
  app.onError((error, c) => {
    console.error(error);
    return c.json({ msg: 'The host agent failed' }, 500);
  });
  return app;
}
