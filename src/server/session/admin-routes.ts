/** Site admins: find a customer, and act as that customer (the proxy ends at logout). */
import type { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type {
  AdminCustomersResponse,
  AdminCustomerSummary,
  SessionUser,
} from '#shared/session/types';
import { AdminProxySchema, CustomerSearchSchema } from '#shared/session/schemas';
import { proxyStarted } from '../activity/security.ts';
import { startProxy } from './proxy.ts';
import { requireSession } from './session.ts';
import type { AppEnv } from '../context.ts';
import { readJson, readQuery } from '../http/validate.ts';

const SEARCH_LIMIT = 25;

interface CustomerRow extends Record<string, unknown> {
  cid: number;
  business_name: string;
  first_name: string | null;
  middle_initial: string | null;
  last_name: string | null;
  email: string | null;
  username: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  fname: string | null;
  lname: string | null;
}

function summary(row: CustomerRow): AdminCustomerSummary {
  const initial = row.middle_initial ? ` ${row.middle_initial}.` : '';
  const person = `${row.first_name ?? ''}${initial} ${row.last_name ?? ''}`.trim();
  return {
    cid: row.cid,
    name: row.business_name || person,
    username: row.username,
    email: row.email ?? '',
    service_address:
      row.line1 === null
        ? null
        : {
            line1: row.line1,
            line2: row.line2 ?? '',
            city: row.city ?? '',
            state: row.state ?? '',
            zip_code: row.zip_code ?? '',
            fname: row.fname ?? '',
            lname: row.lname ?? '',
          },
  };
}

export function registerAdminRoutes(api: Hono<AppEnv>) {
  api.get('/admin/customers', async (c) => {
    const { q } = readQuery(c, CustomerSearchSchema);
    const { db } = c.var.deps.database;
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const byNumber = /^\d{1,9}$/.test(q) ? Number(q) : -1;
    const result = await db.execute<CustomerRow>(sql`
      select c.cid, c.business_name, ct.first_name, ct.middle_initial, ct.last_name, ct.email,
             u.username, sa.line1, sa.line2, sa.city, sa.state, sa.zip_code, sa.fname, sa.lname
      from customers c
      left join lateral (
        select * from users where users.cid = c.cid and not users.site_admin
        order by users.primary_admin desc, users.uid limit 1
      ) u on true
      left join lateral (
        select * from contacts
        where contacts.cid = c.cid
        order by (contacts.contact_id = u.contact_id) desc, contacts.contact_id limit 1
      ) ct on true
      left join lateral (
        select * from service_addresses where service_addresses.cid = c.cid
        order by service_addresses.id limit 1
      ) sa on true
      where c.kind <> 'internal' and (
        ${q} = '' or c.cid = ${byNumber}
        or u.username ilike ${pattern}
        or c.business_name ilike ${pattern}
        or concat_ws(' ', ct.first_name, ct.last_name) ilike ${pattern}
        or ct.email ilike ${pattern}
        or concat_ws(' ', sa.line1, sa.line2, sa.city, sa.zip_code) ilike ${pattern}
      )
      order by c.cid
      limit ${SEARCH_LIMIT}`);
    const { rows } = result as unknown as { rows: CustomerRow[] };
    return c.json({ customers: rows.map(summary) } satisfies AdminCustomersResponse);
  });

  api.post('/admin/proxy', async (c) => {
    const session = await requireSession(c);
    const { cid } = await readJson(c, AdminProxySchema);
    const started = await startProxy(c, session, cid, (tx, target) =>
      proxyStarted(tx, c, target, session.user.username),
    );
    return c.json(started satisfies SessionUser);
  });
}
