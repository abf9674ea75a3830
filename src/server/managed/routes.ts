/**
 * Managed hosting (portal.md §7 "Managed VM", docs/api.md "Managed hosting"): every endpoint under
 * `/managed_vm/{iid}` answers only for a managed server of the caller's customer (anything else is
 * 404 "Server not found", exactly like a server that does not exist). Input is read by the shared
 * schemas and field rules (src/shared/managed/rules.ts) and passwords by the product's password rules
 * before the host agent is asked; the agent then applies the server-wide rules and `nginx -t`.
 * Access rules: src/server/session/endpoints.ts (services view to read, services manage to change).
 */
import type { Context, Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import { MANAGED } from '#shared/managed/constants';
import {
  DatabaseCreateSchema,
  databaseNameError,
  databaseUserError,
  FtpUserCreateSchema,
  ftpUserError,
  hostNameErrors,
  NginxSwitchSchema,
  normaliseAliases,
  parseManagedId,
  PasswordChangeSchema,
  phpSettingErrors,
  PhpSettingSchema,
  RedirectCreateSchema,
  redirectTargetError,
  SslCertCreateSchema,
  certificateNameError,
  VhostAliasesSchema,
  VhostCreateSchema,
  VhostUpdateSchema,
  type ManagedListName,
} from '#shared/managed/rules';
import { isHostName, normaliseHostName } from '#shared/host-names';
import { managedItemName, recordManagedChange } from '../activity/managed.ts';
import { requireSession } from '../session/session.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { servers } from '../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';
import { HostAgentUnavailable, type HostAgent, type ManagedChange } from './agent.ts';
import { hostAgentClient } from './client.ts';
import { passwordProblemsOffThread } from '../signup/orders/password-check.ts';

const BASE = '/managed_vm/:iid';

/** The managed server `iid` of the caller's customer, or 404 "Server not found". */
async function ownManagedServer(c: Context<AppEnv>): Promise<number> {
  const session = await requireSession(c);
  const iid = parseManagedId(c.req.param('iid') ?? '');
  if (iid === undefined) throw notFound(M.serverNotFound);
  const [row] = await c.var.deps.database.db
    .select({ iid: servers.iid })
    .from(servers)
    .where(and(eq(servers.iid, iid), eq(servers.cid, session.user.cid), eq(servers.managed, true)));
  if (!row) throw notFound(M.serverNotFound);
  return iid;
}

function itemId(c: Context<AppEnv>, name: string): number {
  const id = parseManagedId(c.req.param(name) ?? '');
  if (id === undefined) throw notFound(M.itemMissing);
  return id;
}

function refuseIf(errors: Record<string, string | undefined>): void {
  const present = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  if (Object.keys(present).length > 0) throw validationFailed(present);
}

/** The product's password rules (length, strength score 100), user names counting as easy. */
async function checkPassword(password: string, userInputs: string[]): Promise<void> {
  const problems = await passwordProblemsOffThread({ password, userInputs });
  refuseIf({ password: problems.password });
}

async function agentCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HostAgentUnavailable) {
      throw new ApiError(503, 'Service unavailable', M.agentUnavailable);
    }
    throw error;
  }
}

export function registerManagedVmRoutes(api: Hono<AppEnv>, deps: AppDeps): void {
  const agent: HostAgent = hostAgentClient(deps.config.hostAgent);

  async function change(c: Context<AppEnv>, iid: number, what: ManagedChange, status: 200 | 201) {
    // The activity entry names the item; a removed one is only on the list before the change.
    const named = await agentCall(() => managedItemName((list) => agent.list(iid, list), what));
    const result = await agentCall(() => agent.apply(iid, what));
    if (!result.ok && result.status === 503) {
      // The agent is busy with other servers' changes: ask again later.
      throw new ApiError(
        503,
        'Service unavailable',
        result.msg,
        {},
        { 'Retry-After': String(result.retryAfter ?? MANAGED.busyRetryAfterSeconds) },
      );
    }
    if (!result.ok) {
      throw new ApiError(
        result.status,
        result.status === 404
          ? 'Not found'
          : result.status === 409
            ? 'Conflict'
            : 'Validation failed',
        result.msg,
        {
          ...(result.errors ? { errors: result.errors } : {}),
          ...(result.detail ? { detail: result.detail } : {}),
        },
      );
    }
    await recordManagedChange(c, iid, what, named);
    if (result.checked === false) {
      // No nginx checked the configuration this change made (development): the answer says so.
      const unchecked = { checked: false, warning: M.configurationNotChecked };
      if (result.record === null) return c.json(unchecked, 200);
      return c.json({ ...(result.record as object), ...unchecked }, status);
    }
    if (result.record === null) return c.body(null, 204);
    return c.json(result.record as object, status);
  }

  const lists: [string, ManagedListName][] = [
    ['ssl_certs', 'ssl_certs'],
    ['mysql_database', 'mysql_database'],
    ['vhosts', 'vhosts'],
    ['ftp_users', 'ftp_users'],
    ['domain_redirects', 'domain_redirects'],
    ['php_settings', 'php_settings'],
  ];
  for (const [path, list] of lists) {
    api.get(`${BASE}/${path}`, async (c) => {
      const iid = await ownManagedServer(c);
      return c.json({ records: await agentCall(() => agent.list(iid, list)) });
    });
  }

  // SSL certificates
  api.post(`${BASE}/ssl_certs`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, SslCertCreateSchema);
    refuseIf({ name: certificateNameError(body.name) });
    return change(c, iid, { type: 'ssl_cert.create', ...body }, 201);
  });
  api.delete(`${BASE}/ssl_certs/:certId`, async (c) => {
    const iid = await ownManagedServer(c);
    return change(c, iid, { type: 'ssl_cert.delete', id: itemId(c, 'certId') }, 200);
  });

  // MySQL databases
  api.post(`${BASE}/mysql_database`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, DatabaseCreateSchema);
    refuseIf({
      database_name: databaseNameError(body.database_name),
      username: databaseUserError(body.username),
    });
    await checkPassword(body.password, [body.username, body.database_name]);
    return change(c, iid, { type: 'database.create', ...body }, 201);
  });
  api.put(`${BASE}/mysql_database/:databaseId`, async (c) => {
    const iid = await ownManagedServer(c);
    const id = itemId(c, 'databaseId');
    const body = await readJson(c, PasswordChangeSchema);
    await checkPassword(body.password, []);
    return change(c, iid, { type: 'database.password', id, password: body.password }, 200);
  });
  api.delete(`${BASE}/mysql_database/:databaseId`, async (c) => {
    const iid = await ownManagedServer(c);
    return change(c, iid, { type: 'database.delete', id: itemId(c, 'databaseId') }, 200);
  });

  // Vhosts
  api.post(`${BASE}/vhosts`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, VhostCreateSchema);
    const domain = normaliseHostName(body.domain);
    const aliases = normaliseAliases(body.aliases);
    refuseIf(hostNameErrors(domain, aliases));
    return change(c, iid, { type: 'vhost.create', ...body, domain, aliases }, 201);
  });
  api.put(`${BASE}/vhosts/:vhostId`, async (c) => {
    const iid = await ownManagedServer(c);
    const id = itemId(c, 'vhostId');
    const body = await readJson(c, VhostUpdateSchema);
    return change(c, iid, { type: 'vhost.update', id, ...body }, 200);
  });
  api.put(`${BASE}/vhosts/:vhostId/domain_aliases`, async (c) => {
    const iid = await ownManagedServer(c);
    const id = itemId(c, 'vhostId');
    const body = await readJson(c, VhostAliasesSchema);
    const aliases = normaliseAliases(body.aliases);
    refuseIf(hostNameErrors(undefined, aliases));
    return change(c, iid, { type: 'vhost.aliases', id, aliases }, 200);
  });
  api.delete(`${BASE}/vhosts/:vhostId`, async (c) => {
    const iid = await ownManagedServer(c);
    return change(c, iid, { type: 'vhost.delete', id: itemId(c, 'vhostId') }, 200);
  });

  // FTP users
  api.post(`${BASE}/ftp_users`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, FtpUserCreateSchema);
    refuseIf({ username: ftpUserError(body.username) });
    await checkPassword(body.password, [body.username]);
    return change(c, iid, { type: 'ftp_user.create', ...body }, 201);
  });
  api.put(`${BASE}/ftp_users/:ftpId`, async (c) => {
    const iid = await ownManagedServer(c);
    const id = itemId(c, 'ftpId');
    const body = await readJson(c, PasswordChangeSchema);
    await checkPassword(body.password, []);
    return change(c, iid, { type: 'ftp_user.password', id, password: body.password }, 200);
  });
  api.delete(`${BASE}/ftp_users/:ftpId`, async (c) => {
    const iid = await ownManagedServer(c);
    return change(c, iid, { type: 'ftp_user.delete', id: itemId(c, 'ftpId') }, 200);
  });

  // Domain redirects
  api.post(`${BASE}/domain_redirects`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, RedirectCreateSchema);
    const from = normaliseHostName(body.redirect_from);
    refuseIf({
      redirect_from: isHostName(from) ? undefined : M.hostName,
      redirect_to: redirectTargetError(body.redirect_to.trim()),
    });
    return change(c, iid, { type: 'redirect.create', ...body, redirect_from: from }, 201);
  });
  api.delete(`${BASE}/domain_redirects/:redirectId`, async (c) => {
    const iid = await ownManagedServer(c);
    return change(c, iid, { type: 'redirect.delete', id: itemId(c, 'redirectId') }, 200);
  });

  // PHP settings
  api.post(`${BASE}/php_settings`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, PhpSettingSchema);
    refuseIf(phpSettingErrors(body.key, body.value));
    return change(c, iid, { type: 'php_setting.set', key: body.key, value: body.value }, 201);
  });
  api.delete(`${BASE}/php_settings/:phpKey`, async (c) => {
    const iid = await ownManagedServer(c);
    const key = c.req.param('phpKey');
    if (phpSettingErrors(key, '').key) throw notFound(M.itemMissing);
    return change(c, iid, { type: 'php_setting.delete', key }, 200);
  });

  // The web server and the websites user
  api.get(`${BASE}/nginx`, async (c) => {
    const iid = await ownManagedServer(c);
    return c.json(await agentCall(() => agent.nginx(iid)));
  });
  api.put(`${BASE}/nginx`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, NginxSwitchSchema);
    return change(c, iid, { type: 'nginx.set', enable: body.enable }, 200);
  });
  api.put(`${BASE}/websites_user`, async (c) => {
    const iid = await ownManagedServer(c);
    const body = await readJson(c, PasswordChangeSchema);
    await checkPassword(body.password, []);
    return change(c, iid, { type: 'websites_user.password', password: body.password }, 200);
  });
  api.get(`${BASE}/configuration`, async (c) => {
    const iid = await ownManagedServer(c);
    return c.json({ files: await agentCall(() => agent.configuration(iid)) });
  });
}
