/**
 * One-time codes of the authenticator app in API tests, on the test app's clock (otplib, as an
 * authenticator app computes them).
 */
import { generate } from 'otplib';
import type { SettableClock } from '../../src/server/clock.ts';
import { SECOND_FACTOR } from '../../src/shared/session/constants.ts';

const STEP_MS = SECOND_FACTOR.totpPeriodSeconds * 1000;

/** The code `offsetSteps` time steps from the clock's now. */
export function codeAt(clock: SettableClock, secret: string, offsetSteps = 0): Promise<string> {
  const epoch =
    Math.floor(clock.now().getTime() / 1000) + offsetSteps * SECOND_FACTOR.totpPeriodSeconds;
  return generate({ secret, epoch });
}

/**
 * Two time steps share a code about once in a million: moves the clock on a step at a time until
 * the codes from one step before now to `ahead` steps after are all different, so that a right
 * code names its own step only, and a far step's code (a wrong one) is none of the window's.
 */
export async function toDistinctCodes(clock: SettableClock, secret: string, ahead = 8) {
  for (;;) {
    const codes = await Promise.all(
      Array.from({ length: ahead + 2 }, (_, i) => codeAt(clock, secret, i - 1)),
    );
    if (new Set(codes).size === codes.length) return;
    clock.advance(STEP_MS);
  }
}
