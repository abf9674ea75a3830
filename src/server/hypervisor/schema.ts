/**
 * The stand-in hypervisor's own store (src/server/hypervisor/stand-in/). Only the stand-in reads
 * or writes these tables; the product reaches machines through the Proxmox-shaped API. A real
 * Proxmox VE keeps this itself.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A virtual machine as the hypervisor knows it (Proxmox's qemu config and status). */
export const hypervisorVms = pgTable('hypervisor_vms', {
  vmid: integer('vmid').primaryKey(),
  node: text('node').notNull(),
  name: text('name').notNull(),
  cores: integer('cores').notNull(),
  /** MB, as Proxmox's `memory`. */
  memory: integer('memory').notNull(),
  /** GB of the boot disk (scsi0). */
  diskGb: integer('disk_gb').notNull(),
  /** `running` or `stopped`, as `status/current` answers once no task is changing it. */
  status: text('status', { enum: ['running', 'stopped'] })
    .notNull()
    .default('stopped'),
  /**
   * Stand-in test control: the next task on this machine ends with this error instead of OK
   * (`POST /api2/json/nodes/{node}/qemu/{vmid}/standin/fail-next`).
   */
  failNext: text('fail_next'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A task (Proxmox's UPID): it runs until `ends_at`, then ends with `exitstatus`. */
export const hypervisorTasks = pgTable(
  'hypervisor_tasks',
  {
    upid: text('upid').primaryKey(),
    node: text('node').notNull(),
    vmid: integer('vmid').notNull(),
    /** `qmstart`, `qmshutdown`, `qmstop`, `qmcreate`, `qmdestroy`. */
    type: text('type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** `OK` or the error it ends with. */
    exitstatus: text('exitstatus').notNull(),
    /** Set once the task's effect was applied to its machine. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('hypervisor_tasks_vmid_idx').on(t.vmid)],
);
