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
import type { ManagedListName } from '#shared/managed/rules';
import type { ManagedChange } from '../managed/agent.ts';
import { recordActivity } from './record.ts';

/** How an item a change names by its id is found on its list, and called. */
const ITEMS: Partial<
  Record<ManagedChange['type'], { list: ManagedListName; id: string; name: (row: Row) => string }>
> = {
  'ssl_cert.delete': { list: 'ssl_certs', id: 'ssl_id', name: (row) => String(row.name) },
  'database.password': {
    list: 'mysql_database',
    id: 'database_id',
    name: (row) => String(row.database_name),
  },
  'database.delete': {
    list: 'mysql_database',
    id: 'database_id',
    name: (row) => String(row.database_name),
  },
  'vhost.update': { list: 'vhosts', id: 'vhost_id', name: (row) => String(row.domain) },
  'vhost.aliases': { list: 'vhosts', id: 'vhost_id', name: (row) => String(row.domain) },
  'vhost.delete': { list: 'vhosts', id: 'vhost_id', name: (row) => String(row.domain) },
  'ftp_user.password': { list: 'ftp_users', id: 'ftpId', name: (row) => String(row.username) },
  'ftp_user.delete': { list: 'ftp_users', id: 'ftpId', name: (row) => String(row.username) },
  'redirect.delete': {
    list: 'domain_redirects',
    id: 'redirect_id',
    name: (row) => `${String(row.redirect_from)} → ${String(row.redirect_to)}`,
  },
};

type Row = Record<string, unknown>;

/**
 * The name of the item a change names only by its id (a website's domain, a database's or FTP
 * user's name, a redirect's two ends), read from the agent's list before the change (a removed
 * item is gone after it); null when the change names its item itself or the item is not found.
 */
export async function managedItemName(
  list: (name: ManagedListName) => Promise<unknown>,
  what: ManagedChange,
): Promise<string | null> {
  const item = ITEMS[what.type];
  if (!item || !('id' in what)) return null;
  const rows = (await list(item.list)) as Row[];
  const row = rows.find((candidate) => candidate[item.id] === what.id);
  return row ? item.name(row) : null;
}

/** The change in words: an item by its name (`named`, for a change that gives only its id). */
export function managedWords(what: ManagedChange, named: string | null = null): string {
  const item = (noun: string, id: number) =>
    named === null ? `${noun} #${id}` : `${noun} ${named}`;
  switch (what.type) {
    case 'ssl_cert.create':
      return `SSL certificate ${what.name} added`;
    case 'ssl_cert.delete':
      return `${item('SSL certificate', what.id)} removed`;
    case 'database.create':
      return `MySQL database ${what.database_name} added for user ${what.username}`;
    case 'database.password':
      return `${item('MySQL database', what.id)} password changed`;
    case 'database.delete':
      return `${item('MySQL database', what.id)} removed`;
    case 'vhost.create':
      return `Website ${what.domain} added`;
    case 'vhost.update':
      return `${item('Website', what.id)} SSL settings changed`;
    case 'vhost.aliases':
      return `${item('Website', what.id)} domain aliases set to ${what.aliases.join(', ') || 'none'}`;
    case 'vhost.delete':
      return `${item('Website', what.id)} removed`;
    case 'ftp_user.create':
      return `FTP user ${what.username} added`;
    case 'ftp_user.password':
      return `${item('FTP user', what.id)} password changed`;
    case 'ftp_user.delete':
      return `${item('FTP user', what.id)} removed`;
    case 'redirect.create':
      return `Redirect ${what.redirect_from} → ${what.redirect_to} added`;
    case 'redirect.delete':
      return `${item('Redirect', what.id)} removed`;
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
export async function recordManagedChange(
  c: Context<AppEnv>,
  iid: number,
  what: ManagedChange,
  named: string | null = null,
) {
  const { db } = c.var.deps.database;
  const [server] = await db
    .select({ name: servers.name })
    .from(servers)
    .where(eq(servers.iid, iid));
  await recordActivity(db, c, {
    action: 'managed.change',
    summary: `Managed server ${server?.name ?? iid}: ${managedWords(what, named)}`,
  });
}
