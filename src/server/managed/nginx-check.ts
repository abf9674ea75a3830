/**
 * The staging check (docs/managed-hosting.md "nginx -t"): the configuration a change would make is
 * written to a fresh staging folder and checked by Debian's nginx, run without root with a prefix
 * and temp paths of its own (`nginx -t -q -p STAGING -c STAGING/nginx.conf`). Where nginx is not
 * installed the check says so once and accepts what the product's rules accepted.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedFile } from '#shared/managed';

export const DEFAULT_NGINX_BINARY = '/usr/sbin/nginx';

export type NginxVerdict = { ok: true } | { ok: false; message: string };

export interface NginxChecker {
  /** Whether a real nginx checks the files (false: the product's rules only). */
  readonly real: boolean;
  check(folder: string): Promise<NginxVerdict>;
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
  if (!existsSync(binary)) {
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

/**
 * Checks `files` in a new staging folder under `parent`; on success moves it to `live` (the old
 * one removed), on failure removes it and leaves `live` untouched.
 */
export async function stageAndSwap(
  checker: NginxChecker,
  parent: string,
  live: string,
  files: readonly RenderedFile[],
): Promise<NginxVerdict> {
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, 'staging-'));
  try {
    await writeFiles(staging, files);
    const verdict = await checker.check(staging);
    if (!verdict.ok) return verdict;
    const old = `${live}.old-${path.basename(staging)}`;
    if (existsSync(live)) await rename(live, old);
    await rename(staging, live);
    await rm(old, { recursive: true, force: true });
    return verdict;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
