/**
 * A Proxmox VE API client (the `Hypervisor` of types.ts): `/api2/json/…` with an API token
 * (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`), form-encoded bodies, answers in
 * `{ data }`. The stand-in answers the same calls, so this client serves both.
 */
import {
  HypervisorError,
  type Hypervisor,
  type PowerCall,
  type TaskState,
  type VmSpec,
  type VmState,
} from './types.ts';

export interface ProxmoxOptions {
  /** e.g. `https://pve.example.net:8006` (no trailing slash). */
  apiUrl: string;
  /** `USER@REALM!TOKENID=SECRET`. */
  token: string;
  node: string;
  /** Per request, in ms. */
  timeoutMs: number;
  /** Another fetch (tests reach the stand-in in process). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export function createProxmoxHypervisor(options: ProxmoxOptions): Hypervisor {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const node = encodeURIComponent(options.node);

  async function call<T>(
    method: string,
    path: string,
    body?: Record<string, string | number>,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(`${options.apiUrl}/api2/json${path}`, {
        method,
        headers: {
          Authorization: `PVEAPIToken=${options.token}`,
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: body
          ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
          : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new HypervisorError(`hypervisor unreachable: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      // Proxmox puts the reason in the status line and, for parameter errors, in `errors`.
      let reason = response.statusText;
      try {
        const parsed = JSON.parse(text) as { message?: string; errors?: Record<string, string> };
        reason = parsed.message ?? Object.values(parsed.errors ?? {}).join('; ') ?? reason;
      } catch {
        // not JSON: keep the status text
      }
      throw new HypervisorError(reason || `HTTP ${response.status}`, response.status);
    }
    try {
      return (JSON.parse(text) as { data: T }).data;
    } catch {
      throw new HypervisorError('hypervisor answered something that is not JSON', response.status);
    }
  }

  const vm = (vmid: number) => `/nodes/${node}/qemu/${vmid}`;

  return {
    async nextVmid() {
      return Number(await call<string>('GET', '/cluster/nextid'));
    },
    create: (spec: VmSpec) =>
      call<string>('POST', `/nodes/${node}/qemu`, {
        vmid: spec.vmid,
        name: spec.name,
        cores: spec.cores,
        memory: spec.memory,
        scsi0: `local-lvm:${spec.diskGb}`,
      }),
    async configure(vmid, size) {
      await call('PUT', `${vm(vmid)}/config`, { cores: size.cores, memory: size.memory });
    },
    async resizeDisk(vmid, diskGb) {
      await call('PUT', `${vm(vmid)}/resize`, { disk: 'scsi0', size: `${diskGb}G` });
    },
    destroy: (vmid) => call<string>('DELETE', vm(vmid)),
    power: (vmid, what: PowerCall) => call<string>('POST', `${vm(vmid)}/status/${what}`),
    async current(vmid): Promise<VmState> {
      const data = await call<{ status: string }>('GET', `${vm(vmid)}/status/current`);
      return { vmid, status: data.status === 'running' ? 'running' : 'stopped' };
    },
    async list(): Promise<VmState[]> {
      const data = await call<{ vmid: number | string; status: string }[]>(
        'GET',
        `/nodes/${node}/qemu`,
      );
      return data.map((row) => ({
        vmid: Number(row.vmid),
        status: row.status === 'running' ? 'running' : 'stopped',
      }));
    },
    async task(upid): Promise<TaskState> {
      const data = await call<{ status: string; exitstatus?: string }>(
        'GET',
        `/nodes/${node}/tasks/${encodeURIComponent(upid)}/status`,
      );
      return data.status === 'running'
        ? { status: 'running' }
        : { status: 'stopped', exitstatus: data.exitstatus ?? 'OK' };
    },
  };
}
