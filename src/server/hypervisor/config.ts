/**
 * The hypervisor's configuration (docs/servers.md "Hypervisor"), read with the rest of the
 * configuration (config.ts):
 *
 * - HYPERVISOR: `standin` (default; `npm start` runs it on HYPERVISOR_PORT, default 3003) or
 *   `proxmox` (a real Proxmox VE: HYPERVISOR_API_URL and HYPERVISOR_TOKEN required);
 * - HYPERVISOR_API_URL: where the API is (default the stand-in's loopback address);
 * - HYPERVISOR_TOKEN: `USER@REALM!TOKENID=SECRET` (without one, the server and the stand-in it
 *   starts share a per-process token);
 * - HYPERVISOR_NODE: the Proxmox node (default `pve`);
 * - HYPERVISOR_TIMEOUT_MS: per request (default 10000);
 * - HYPERVISOR_TASK_SCALE: the stand-in's task durations times this (default 1; refused in
 *   production).
 */
import { randomBytes } from 'node:crypto';

export interface HypervisorConfig {
  kind: 'standin' | 'proxmox';
  port: number;
  apiUrl: string;
  token: string;
  node: string;
  timeoutMs: number;
  taskScale: number;
}

export class HypervisorConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim() || String(fallback);
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HypervisorConfigError(name, `must be a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

export function hypervisorConfig(env: Env, production: boolean): HypervisorConfig {
  const kind = env.HYPERVISOR?.trim() || 'standin';
  if (kind !== 'standin' && kind !== 'proxmox') {
    throw new HypervisorConfigError('HYPERVISOR', 'must be standin or proxmox');
  }
  const port = wholeNumber(env, 'HYPERVISOR_PORT', 3003, 0, 65_535);
  const apiUrl = (env.HYPERVISOR_API_URL?.trim() || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(apiUrl)) {
    throw new HypervisorConfigError('HYPERVISOR_API_URL', 'must be an http(s) origin');
  }
  const token = env.HYPERVISOR_TOKEN?.trim();
  if (token !== undefined && token !== '' && !/^[^\s@!=]+@[^\s@!=]+![^\s@!=]+=\S+$/.test(token)) {
    throw new HypervisorConfigError('HYPERVISOR_TOKEN', 'must look like USER@REALM!TOKENID=SECRET');
  }
  if (kind === 'proxmox' && (!env.HYPERVISOR_API_URL || !token)) {
    throw new HypervisorConfigError(
      env.HYPERVISOR_API_URL ? 'HYPERVISOR_TOKEN' : 'HYPERVISOR_API_URL',
      'must be set when HYPERVISOR is proxmox',
    );
  }
  const scaleRaw = env.HYPERVISOR_TASK_SCALE?.trim() || '1';
  const taskScale = Number(scaleRaw);
  if (!/^\d+(\.\d+)?$/.test(scaleRaw) || taskScale <= 0 || taskScale > 100) {
    throw new HypervisorConfigError(
      'HYPERVISOR_TASK_SCALE',
      'must be a number above 0, at most 100',
    );
  }
  if (production && taskScale !== 1) {
    throw new HypervisorConfigError('HYPERVISOR_TASK_SCALE', 'is for tests: refused in production');
  }
  return {
    kind,
    port,
    apiUrl,
    token: token || `root@pam!portal=${randomBytes(18).toString('base64url')}`,
    node: env.HYPERVISOR_NODE?.trim() || 'pve',
    timeoutMs: wholeNumber(env, 'HYPERVISOR_TIMEOUT_MS', 10_000, 100, 600_000),
    taskScale,
  };
}
