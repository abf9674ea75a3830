/** Writes the audit log: security events, and every request made while an admin proxies. */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { clientAddress } from './client-address.ts';

export interface AuditEntry {
  event: string;
  /** Who really acted: the admin while proxying, else the user (or the username tried). */
  actor?: string | null;
  /** The identity used. */
  username?: string | null;
  cid?: number | null;
  status?: number;
  detail?: Record<string, unknown>;
}

export async function audit(c: Context<AppEnv>, entry: AuditEntry, db?: Executor) {
  await (db ?? c.var.deps.database.db).insert(auditLog).values({
    event: entry.event,
    actor: entry.actor ?? null,
    username: entry.username ?? null,
    cid: entry.cid ?? null,
    method: c.req.method,
    path: c.req.path,
    status: entry.status ?? null,
    requestId: c.var.requestId ?? null,
    clientAddress: clientAddress(c),
    detail: entry.detail ?? null,
  });
}
