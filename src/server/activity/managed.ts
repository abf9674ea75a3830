/**
 * What a managed server's changes record (docs/activity.md "Managed servers"): the part changed
 * by its name (a site, a database, an FTP user, a redirect, a PHP setting), never a password,
 * certificate or key. The parts live on the host agent, not in the database: the entry is written
 * once the agent made the change.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { servers } from '../db/schema.ts';
import type { ManagedChange } from '../managed/agent.ts';
import { recordActivity } from './record.ts';

/** The change in words (item ids where the change names no item by its name). */
export function managedWords(what: ManagedChange): string {
  switch (what.type) {
    case 'ssl_cert.create':
      return `SSL certificate ${what.name} added`;
    case 'ssl_cert.delete':
      return `SSL certificate #${what.id} removed`;
    case 'database.create':
      return `MySQL database ${what.database_name} added for user ${what.username}`;
    case 'database.password':
      return `MySQL database #${what.id} password changed`;
    case 'database.delete':
      return `MySQL database #${what.id} removed`;
    case 'vhost.create':
      return `Website ${what.domain} added`;
    case 'vhost.update':
      return `Website #${what.id} SSL settings changed`;
    case 'vhost.aliases':
      return `Website #${what.id} domain aliases set to ${what.aliases.join(', ') || 'none'}`;
    case 'vhost.delete':
      return `Website #${what.id} removed`;
    case 'ftp_user.create':
      return `FTP user ${what.username} added`;
    case 'ftp_user.password':
      return `FTP user #${what.id} password changed`;
    case 'ftp_user.delete':
      return `FTP user #${what.id} removed`;
    case 'redirect.create':
      return `Redirect ${what.redirect_from} → ${what.redirect_to} added`;
    case 'redirect.delete':
      return `Redirect #${what.id} removed`;
    case 'php_setting.set':
      return `PHP setting ${what.key} set to ${what.value}`;
    case 'php_setting.delete':
      return `PHP setting ${what.key} removed`;
    case 'nginx.set':
      return `nginx ${what.enable ? 'turned on' : 'turned off'}`;
    case 'websites_user.password':
      return 'Websites user password changed';
  }
}

/** Records a change the host agent made on the managed server `iid`. */
export async function recordManagedChange(c: Context<AppEnv>, iid: number, what: ManagedChange) {
  const { db } = c.var.deps.database;
  const [server] = await db
    .select({ name: servers.name })
    .from(servers)
    .where(eq(servers.iid, iid));
  await recordActivity(db, c, {
    action: 'managed.change',
    summary: `Managed server ${server?.name ?? iid}: ${managedWords(what)}`,
  });
}
