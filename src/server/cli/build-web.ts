/**
 * Builds the web app when its sources are newer than the last build, so that a second start is
 * quick and a start after a change never serves a stale page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const WEB_INPUTS = [
  'src/web',
  'src/shared',
  'machines',
  'public',
  'vite.config.ts',
  'package.json',
];

function newestMtime(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildWebIfStale(distDir: string, production: boolean) {
  const index = path.join(distDir, 'index.html');
  const built = statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...WEB_INPUTS.map((p) => newestMtime(path.join(root, p))));
  if (built >= sources) return;
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  if (!existsSync(vite)) {
    if (production && built > 0) return;
    throw new Error('The web app needs building but Vite is not installed: run "npm install".');
  }
  console.log(built ? 'Web sources changed: rebuilding the web app…' : 'Building the web app…');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed (see above).');
}
