/**
 * The browser tests use Debian's Chromium. When it is missing and we are root, install it;
 * otherwise stop with a message that names the package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's "chromium" package ` +
        '(sudo apt-get install -y chromium) and run the tests again.',
    );
    process.exit(1);
  }
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's "chromium" package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        `"apt-get ${args.join(' ')}" failed: install Debian's "chromium" package by hand.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`Installing "chromium" did not provide ${CHROMIUM_PATH}.`);
    process.exit(1);
  }
}
