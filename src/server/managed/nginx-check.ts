/**
 * The staging check (docs/managed-hosting.md "nginx -t"): the configuration a change would make is
 * written to a fresh staging folder and checked by Debian's nginx, run without root with a prefix
 * and temp paths of its own (`nginx -t -q -p STAGING -c STAGING/nginx.conf`). Where nginx is not
 * installed the checker says so (`real: false`): a production host agent does not start then, and
 * in development every change it lets through says that its configuration was not checked. At most
 * a few `nginx -t` run at once per agent ({@link limitChecks}).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { link, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { RenderedFile } from '#shared/managed/rules';

export const DEFAULT_NGINX_BINARY = '/usr/sbin/nginx';

/**
 * How many `nginx -t` one host agent runs at once, and how many more changes may wait for their
 * turn (a server's lock or a check): beyond both the agent answers busy. HOST_AGENT_NGINX_CHECKS
 * and HOST_AGENT_QUEUE_SIZE change them.
 */
export const DEFAULT_CHECK_LIMITS = { checks: 2, queue: 20 } as const;

export type NginxVerdict = { ok: true } | { ok: false; message: string };

export interface NginxChecker {
  /** Whether a real nginx checks the files (false: only the product's rules do). */
  readonly real: boolean;
  check(folder: string): Promise<NginxVerdict>;
}

/** `binary` is a file this process may run. */
export function nginxInstalled(binary: string): boolean {
  try {
    accessSync(binary, constants.X_OK);
    return statSync(binary).isFile();
  } catch {
    return false;
  }
}

/** Writes `files` under `folder` (made if missing), private keys readable by the owner only. */
export async function writeFiles(folder: string, files: readonly RenderedFile[]): Promise<void> {
  const folders = new Set(['tmp', 'sites', ...files.map((file) => path.dirname(file.path))]);
  for (const name of folders) await mkdir(path.join(folder, name), { recursive: true });
  // Written side by side: a server with hundreds of vhosts has hundreds of files.
  await Promise.all(
    files.map((file) =>
      writeFile(path.join(folder, file.path), file.content, {
        mode: file.path.endsWith('.key') ? 0o600 : 0o644,
      }),
    ),
  );
}

/** nginx's message without its prefix noise: "[emerg] … in …/sites/vhost-3.conf:4". */
function cleanMessage(output: string, folder: string): string {
  return output
    .split('\n')
    .filter(
      (line) => line.includes('[emerg]') || line.includes('[crit]') || line.includes('[alert]'),
    )
    .map((line) =>
      line.replace(/^.*?\[(emerg|crit|alert)\] \d+#\d+: /, '').replaceAll(`${folder}/`, ''),
    )
    .join('\n')
    .trim();
}

export function nginxChecker(binary = DEFAULT_NGINX_BINARY): NginxChecker {
  if (!nginxInstalled(binary)) {
    // Nothing is checked: the agent says so with every change it lets through.
    return { real: false, check: () => Promise.resolve({ ok: true }) };
  }
  return {
    real: true,
    check: (folder) =>
      new Promise((resolve) => {
        execFile(
          binary,
          ['-t', '-q', '-p', `${folder}/`, '-c', path.join(folder, 'nginx.conf')],
          { timeout: 30_000 },
          (error, stdout, stderr) => {
            if (!error) resolve({ ok: true });
            else {
              const message = cleanMessage(`${stdout}\n${stderr}`, folder);
              resolve({ ok: false, message: message || `${stderr}`.trim() || String(error) });
            }
          },
        );
      }),
  };
}

export interface LimitedChecker extends NginxChecker {
  /** `nginx -t` running now. */
  readonly running: number;
  /** Checks waiting for one of those to end. */
  readonly queued: number;
}

/** `checker` running at most `concurrency` checks at once, the others waiting in arrival order. */
export function limitChecks(checker: NginxChecker, concurrency: number): LimitedChecker {
  const limit = pLimit(concurrency);
  return {
    real: checker.real,
    check: (folder) => limit(() => checker.check(folder)),
    get running() {
      return limit.activeCount;
    },
    get queued() {
      return limit.pendingCount;
    },
  };
}

/**
 * What the agent last put in each live folder, file by file (path → content). Only files this
 * process wrote are known: after a start, or when a swap did not finish, a folder is written
 * whole again.
 */
export type LiveMemory = Map<string, ReadonlyMap<string, string>>;

export function liveMemory(): LiveMemory {
  return new Map();
}

/**
 * The staging folder as a copy-on-write of `live`: a file whose content `live` already holds is a
 * hard link to it (never written through: a changed file is a new file), the others are written.
 */
async function stageFiles(
  staging: string,
  live: string,
  files: readonly RenderedFile[],
  known: ReadonlyMap<string, string> | undefined,
): Promise<void> {
  const unchanged = known ? files.filter((file) => known.get(file.path) === file.content) : [];
  const same = new Set(unchanged);
  const changed = files.filter((file) => !same.has(file));
  const folders = new Set(['tmp', 'sites', ...files.map((file) => path.dirname(file.path))]);
  for (const name of folders) await mkdir(path.join(staging, name), { recursive: true });
  await Promise.all([
    ...unchanged.map((file) => link(path.join(live, file.path), path.join(staging, file.path))),
    ...changed.map((file) =>
      writeFile(path.join(staging, file.path), file.content, {
        mode: file.path.endsWith('.key') ? 0o600 : 0o644,
      }),
    ),
  ]);
}

/**
 * Checks `files` in a new staging folder under `parent`; on success moves it to `live` (the old
 * one removed), on failure removes it and leaves `live` untouched. With `memory`, the files `live`
 * already holds are hard-linked into the staging folder rather than written again (a vhost change
 * on a server of 200 vhosts writes one file); `nginx -t` still checks the whole configuration.
 */
export async function stageAndSwap(
  checker: NginxChecker,
  parent: string,
  live: string,
  files: readonly RenderedFile[],
  memory?: LiveMemory,
): Promise<NginxVerdict> {
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, 'staging-'));
  const known = existsSync(live) ? memory?.get(live) : undefined;
  try {
    try {
      await stageFiles(staging, live, files, known);
    } catch (error) {
      // A live file the memory expected is gone (removed by hand): write the whole folder.
      if (!known) throw error;
      memory?.delete(live);
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging);
      await stageFiles(staging, live, files, undefined);
    }
    const verdict = await checker.check(staging);
    if (!verdict.ok) return verdict;
    const old = `${live}.old-${path.basename(staging)}`;
    // Until the swap is done the memory is not to be trusted.
    memory?.delete(live);
    if (existsSync(live)) await rename(live, old);
    await rename(staging, live);
    memory?.set(live, new Map(files.map((file) => [file.path, file.content])));
    await rm(old, { recursive: true, force: true });
    return verdict;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
