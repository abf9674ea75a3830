/**
 * The stand-in host agent's core (docs/managed-hosting.md): what a real agent on a managed server
 * does, on this machine. Each server's state is a JSON file under `DIR/<iid>/state.json` and its
 * rendered configuration the folder `DIR/<iid>/live/`. A change is applied to a copy of the state
 * under a per-server lock: the product's rules (../state.ts), then the new configuration rendered
 * to a staging folder and checked with `nginx -t`; only when both accept it are the live folder
 * and the state file replaced. A refusal leaves both untouched. At most `limits.checks` `nginx -t`
 * run at once, and at most `limits.queue` more changes wait (for their server's lock or a check):
 * one more is answered busy (503) at once. Without nginx, a change that makes the configuration
 * different says it was not checked (`checked: false`).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import { MANAGED } from '#shared/managed/constants';
import type {
  ManagedListName,
  ManagedLists,
  NginxRecord,
  RenderedFile,
} from '#shared/managed/rules';
import type { ChangeResult, HostAgent, ManagedChange } from '../agent.ts';
import {
  DEFAULT_CHECK_LIMITS,
  limitChecks,
  liveMemory,
  nginxChecker,
  stageAndSwap,
  type NginxChecker,
} from '../nginx-check.ts';
import { previewFiles, renderNginx } from '../render.ts';
import { applyChange, emptyServerState, listOf, type ServerState } from '../state.ts';

export interface StandInAgentOptions {
  /** Where the servers' states and configurations live. */
  dir: string;
  checker?: NginxChecker;
  /** The clock certificates are checked against. */
  now?: () => Date;
  /** `nginx -t` at once, and changes that may wait beyond them (DEFAULT_CHECK_LIMITS). */
  limits?: { checks: number; queue: number };
}

export interface StandInAgent extends HostAgent {
  readonly checker: NginxChecker;
  /** How many changes the product's rules accepted and `nginx -t` then refused. */
  readonly stagingRefusals: number;
  /** `nginx -t` running now, and changes' checks waiting for one of those to end. */
  readonly checks: { running: number; queued: number };
}

/** A password as the server keeps it: scrypt with a random salt. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(secret, salt, 32).toString('base64')}`;
}

export function createStandInAgent(options: StandInAgentOptions): StandInAgent {
  const checker = options.checker ?? nginxChecker();
  const limits = options.limits ?? DEFAULT_CHECK_LIMITS;
  const limited = limitChecks(checker, limits.checks);
  /** Changes taken and not yet answered: running, or waiting for their server or a check. */
  let taken = 0;
  const now = options.now ?? (() => new Date());
  const locks = new Map<number, Promise<unknown>>();
  /** What each server's live folder holds, so that a change stages only the files it changes. */
  const live = liveMemory();
  let stagingRefusals = 0;
  /** The last id given, across every server (one agent process hands them out). */
  let lastId: number | undefined;
  const idFile = path.join(options.dir, 'last-id');

  async function loadLastId(): Promise<number> {
    lastId ??= existsSync(idFile) ? Number(await readFile(idFile, 'utf8')) : 0;
    return lastId;
  }

  const folder = (iid: number) => path.join(options.dir, String(iid));
  const stateFile = (iid: number) => path.join(folder(iid), 'state.json');

  async function load(iid: number): Promise<ServerState> {
    const file = stateFile(iid);
    if (!existsSync(file)) return emptyServerState();
    return JSON.parse(await readFile(file, 'utf8')) as ServerState;
  }

  async function save(iid: number, state: ServerState): Promise<void> {
    const file = stateFile(iid);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}`;
    await writeFile(temporary, JSON.stringify(state), { mode: 0o600 });
    await rename(temporary, file);
  }

  /** One change at a time per server, in arrival order. */
  function locked<T>(iid: number, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(iid) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    locks.set(iid, settled);
    void settled.then(() => {
      if (locks.get(iid) === settled) locks.delete(iid);
    });
    return next;
  }

  async function apply(iid: number, change: ManagedChange): Promise<ChangeResult> {
    if (taken >= limits.checks + limits.queue) {
      return {
        ok: false,
        status: 503,
        msg: M.agentBusy,
        retryAfter: MANAGED.busyRetryAfterSeconds,
      };
    }
    taken += 1;
    try {
      return await applyInTurn(iid, change);
    } finally {
      taken -= 1;
    }
  }

  async function applyInTurn(iid: number, change: ManagedChange): Promise<ChangeResult> {
    return locked(iid, async () => {
      const current = await load(iid);
      await loadLastId();
      // Synchronous, so that two servers' changes at once never take the same id.
      const newId = () => (lastId = (lastId ?? 0) + 1);
      const applied = applyChange(current, change, { now: now(), hash: hashSecret, newId });
      if (!applied.ok) return applied;
      const files = renderNginx(applied.state);
      const verdict = await stageAndSwap(
        limited,
        folder(iid),
        path.join(folder(iid), 'live'),
        files,
        live,
      );
      if (!verdict.ok) {
        stagingRefusals += 1;
        return { ok: false, status: 422, msg: M.nginxRefused, detail: verdict.message };
      }
      await mkdir(options.dir, { recursive: true });
      await writeFile(idFile, String(lastId));
      await save(iid, applied.state);
      // Without nginx nothing checked a configuration this change made different: say so.
      const unchecked =
        !checker.real && JSON.stringify(files) !== JSON.stringify(renderNginx(current));
      return {
        ok: true,
        record: applied.record,
        ...(unchecked ? { checked: false as const } : {}),
      };
    });
  }

  return {
    checker,
    get stagingRefusals() {
      return stagingRefusals;
    },
    get checks() {
      return { running: limited.running, queued: limited.queued };
    },
    list: async <K extends ManagedListName>(iid: number, list: K): Promise<ManagedLists[K]> =>
      listOf(await load(iid), list),
    apply,
    nginx: async (iid): Promise<NginxRecord> => ({ status: (await load(iid)).nginx }),
    configuration: async (iid): Promise<RenderedFile[]> =>
      previewFiles(renderNginx(await load(iid))),
  };
}
