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
import { customers } from '../db/schema/customers.ts';

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
    /**
     * The power action under way (start, stop, force_stop) and the hypervisor's task for it: set
     * with a conditional update so that one action runs at a time (a second answers 409); cleared
     * when the task has ended. `power_task` is `claimed` between the claim and the hypervisor's
     * answer.
     */
    powerAction: text('power_action'),
    powerTask: text('power_task'),
    powerActionAt: timestamp('power_action_at', { withTimezone: true }),
    /** The last action's error, shown until the next action. */
    powerError: text('power_error'),
    /** When the last stop or force stop was issued (null once started again). */
    shutdownIssuedAt: timestamp('shutdown_issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('servers_cid_idx').on(t.cid), uniqueIndex('servers_vmid_idx').on(t.vmid)],
);

/**
 * Plesk licences of managed servers (POST /plesk_servers): one per server, kept while the
 * server exists (docs/servers.md "Plesk licences").
 */
export const pleskLicences = pgTable(
  'plesk_licences',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cid: integer('cid')
      .notNull()
      .references(() => customers.cid, { onDelete: 'cascade' }),
    iid: integer('iid')
      .notNull()
      .references(() => servers.iid, { onDelete: 'cascade' }),
    licenceKey: text('licence_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plesk_licences_iid_idx').on(t.iid),
    index('plesk_licences_cid_idx').on(t.cid),
  ],
);
