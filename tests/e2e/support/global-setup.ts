/**
 * Before the browser tests: a folder of this run where the workers note the page structures axe
 * found clean (fixtures.ts), so that one worker does not check again what the other just checked.
 * It is new for every run and removed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-axe-checked-'));
  // Set here, before the workers start: each worker inherits it.
  process.env.E2E_AXE_CHECKED_DIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
