/**
 * Guard (a browser test lost a forced click on a switch still loading its state): a browser test
 * forces a click only through tests/e2e/support/hidden-controls.ts, whose helpers first wait for
 * the control to be enabled, or say that it must be disabled.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserTestSources, E2E_DIR as e2e } from '../support/browser-test-sources.ts';

const HOME = path.join(e2e, 'support', 'hidden-controls.ts');

/** A click, check, uncheck, setChecked or tap given `force: true`. */
const FORCED = /\.(?:click|dblclick|check|uncheck|setChecked|tap)\([^()]*force:\s*true/;

export function forcedClicks(source: string): number[] {
  return source.split('\n').flatMap((line, index) => (FORCED.test(line) ? [index + 1] : []));
}

describe('forced clicks in browser tests', () => {
  it('finds a forced click, on one line', () => {
    expect(forcedClicks('await toggle.click({ force: true });\nawait a.check();')).toEqual([1]);
    expect(forcedClicks('await t.setChecked(dark, { force: true });')).toEqual([1]);
    expect(forcedClicks('rmSync(dir, { recursive: true, force: true });')).toEqual([]);
  });

  it('are made only by the helpers that wait for the control first', () => {
    const found = browserTestSources()
      .filter((file) => file !== HOME)
      .flatMap((file) =>
        forcedClicks(readFileSync(file, 'utf8')).map(
          (line) => `${path.relative(e2e, file)}:${line}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
