/**
 * The hypervisor behind the portal's virtual servers (docs/servers.md "Hypervisor"). Its shape is
 * Proxmox VE's API: power changes and creation answer a task id (UPID), a task runs for a while
 * and ends `OK` or with an error, `status/current` answers running or stopped, disks only grow.
 * The default is the stand-in (stand-in/), reached over HTTP like a real Proxmox; a real one
 * replaces it by configuration (HYPERVISOR_API_URL, HYPERVISOR_TOKEN, HYPERVISOR_NODE).
 */

export type VmStatus = 'running' | 'stopped';

/** Proxmox's power calls: our `start` is start, `stop` an orderly shutdown, `force_stop` stop. */
export type PowerCall = 'start' | 'shutdown' | 'stop';

export interface VmSpec {
  vmid: number;
  name: string;
  cores: number;
  /** MB. */
  memory: number;
  /** GB. */
  diskGb: number;
}

export interface VmState {
  vmid: number;
  status: VmStatus;
}

export interface TaskState {
  /** Proxmox: `running` while it runs, `stopped` once it has ended. */
  status: 'running' | 'stopped';
  /** Once stopped: `OK`, or the error it ended with. */
  exitstatus?: string;
}

export interface Hypervisor {
  /** A free vmid (Proxmox: GET /cluster/nextid). */
  nextVmid(): Promise<number>;
  /** Creates a stopped machine; answers its task. */
  create(vm: VmSpec): Promise<string>;
  /** Sets cores and memory. */
  configure(vmid: number, size: { cores: number; memory: number }): Promise<void>;
  /** Grows the boot disk to `diskGb` (a smaller size is refused). */
  resizeDisk(vmid: number, diskGb: number): Promise<void>;
  /** Destroys a stopped machine; answers its task. */
  destroy(vmid: number): Promise<string>;
  /** Starts, shuts down or stops a machine; answers its task. */
  power(vmid: number, call: PowerCall): Promise<string>;
  /** running or stopped, now. */
  current(vmid: number): Promise<VmState>;
  /** Every machine of the node with its status (one call, for lists). */
  list(): Promise<VmState[]>;
  task(upid: string): Promise<TaskState>;
}

/** The hypervisor could not be reached (`unreachable`), or refused a call (its status and text). */
export class HypervisorError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'HypervisorError';
  }

  get unreachable(): boolean {
    return this.status === null;
  }
}
