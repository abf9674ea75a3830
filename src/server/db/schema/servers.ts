/**
 * Virtual servers (portal.md §3 "Server"). Our table is the truth for what a customer owns and
 * what it costs; the hypervisor (src/server/hypervisor/) is the truth for its power state. A
 * managed server (`managed`) is one on which the provider runs the web stack; its sites live on
 * the host agent (src/server/managed/).
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const servers = pgTable(
  'servers',
  {
    iid: integer('iid').primaryKey().generatedByDefaultAsIdentity({ startWith: 5001 }),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cpus: integer('cpus').notNull(),
    /** Memory in MB (portal.md §9: memory stored in MB). */
    mem: integer('mem').notNull(),
    /** Storage in GB; it can only grow. */
    disk: integer('disk').notNull(),
    managed: boolean('managed').notNull().default(false),
    /** The hypervisor's id for this machine (Proxmox VE's vmid). */
    vmid: integer('vmid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('servers_cid_idx').on(t.cid), uniqueIndex('servers_vmid_idx').on(t.vmid)],
);
