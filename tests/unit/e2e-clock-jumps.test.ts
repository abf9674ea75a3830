/**
 * Guard (a browser test moved the page's clock on by a minute in one jump while a call of the page
 * was still unanswered on a slow machine: the page's 15 s request timeout fired and the page said
 * "Timed out when trying to contact server"): a jump of the page's clock as long as the request
 * timeout goes through tests/e2e/support/quiet-clock.ts, which moves a second at a time once no
 * API call is in flight. The jumps that still go straight are listed here with what they wait out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserTestSources, E2E_DIR as e2e } from '../support/browser-test-sources.ts';
import { DNS } from '../../src/shared/dns/constants.ts';
import { TIMERS } from '../../src/shared/first-load-constants.ts';
import { SERVERS } from '../../src/shared/servers/constants.ts';
import { REQUEST_TIMEOUT_MS } from '../../src/web/api/client.ts';

const HOME = path.join(e2e, 'support', 'quiet-clock.ts');

const GROUPS: Record<string, Record<string, unknown>> = { DNS, SERVERS, TIMERS };

/** A jump: the clock's own calls, and the mappings' helper that ends a held pause. */
const JUMP = /(?:clock\.(?:runFor|fastForward)|endThePause\(\s*\w+\s*,)\(?\s*([^;]*?)\);/g;

/**
 * How long a jump's argument is, in ms: a number, a shared timer (`TIMERS.x`), a constant of the
 * same file, or the largest of those in `Math.max(0, X - since)`; undefined when it cannot tell.
 */
export function jumpMs(argument: string, source: string): number | undefined {
  const text = argument.trim().replace(/^Math\.max\(0,\s*([\w.]+)\s*-\s*\w+\)$/, '$1');
  if (/^[\d_]+$/.test(text)) return Number(text.replaceAll('_', ''));
  const grouped = /^(\w+)\.(\w+)$/.exec(text);
  if (grouped) {
    const value = GROUPS[grouped[1]!]?.[grouped[2]!];
    return typeof value === 'number' ? value : undefined;
  }
  const own = new RegExp(`const ${text} = ([\\d_]+);`).exec(source);
  return own ? Number(own[1]!.replaceAll('_', '')) : undefined;
}

export function jumps(source: string): { line: number; argument: string; ms?: number }[] {
  return [...source.matchAll(JUMP)].map((match) => ({
    line: source.slice(0, match.index).split('\n').length,
    argument: match[1]!.trim(),
    ms: jumpMs(match[1]!, source),
  }));
}

/**
 * Long jumps that still go straight, by file and argument: each is what the step is about, not a
 * wait for something else. A call in flight then is starved by the jump (not yet made quiet).
 */
const STRAIGHT: Record<string, string> = {
  'paths/mappings/server-power.ts SERVERS.powerTimeoutMs':
    "the page's own 120 s give-up on a power action, the event the step walks (the clock is held since the action was answered)",
  'signup/checkout-mapping.ts PAST_THE_CAPTCHA_LIFETIME_MS':
    "the captcha's 10 minutes running out, the event the step walks",
  'signup/checkout-mapping.ts TIMERS.submitLockMs':
    "Place order's 30 s lock after an order running out, the event the step walks",
  // The helper's own body: its callers' arguments are checked above.
  'paths/mappings/clock.ts ms': 'endThePause(page, ms): its callers pass the pause',
};

describe("browser tests' jumps of the page's clock", () => {
  it('reads how long each jump is', () => {
    const source = [
      'const LONG = 601_000;',
      'await page.clock.runFor(20_000);',
      'await page.clock.fastForward(SERVERS.powerTimeoutMs);',
      'await page.clock.runFor(Math.max(0, TIMERS.passwordSuggestionDebounceMs - since));',
      'await endThePause(page, TIMERS.inputValidationDelayMs);',
      'await page.clock.fastForward(LONG);',
      'await page.clock.runFor((seconds - 19) * 1000);',
    ].join('\n');
    expect(jumps(source)).toEqual([
      { line: 2, argument: '20_000', ms: 20_000 },
      { line: 3, argument: 'SERVERS.powerTimeoutMs', ms: SERVERS.powerTimeoutMs },
      {
        line: 4,
        argument: 'Math.max(0, TIMERS.passwordSuggestionDebounceMs - since)',
        ms: TIMERS.passwordSuggestionDebounceMs,
      },
      { line: 5, argument: 'TIMERS.inputValidationDelayMs', ms: TIMERS.inputValidationDelayMs },
      { line: 6, argument: 'LONG', ms: 601_000 },
      { line: 7, argument: '(seconds - 19) * 1000', ms: undefined },
    ]);
  });

  it('are shorter than the request timeout, go through the quiet clock, or are listed', () => {
    const found = browserTestSources()
      .filter((file) => file !== HOME)
      .flatMap((file) => {
        const name = path.relative(e2e, file);
        return jumps(readFileSync(file, 'utf8'))
          .filter(({ ms }) => ms === undefined || ms >= REQUEST_TIMEOUT_MS)
          .filter(({ argument }) => !STRAIGHT[`${name} ${argument}`])
          .map(({ line, argument }) => `${name}:${line} ${argument}`);
      });
    expect(found).toEqual([]);
  });
});
