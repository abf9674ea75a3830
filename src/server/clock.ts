/**
 * The server's one source of "now" for business dates: the offering's today (promos), the
 * installation booking horizon, order placement, the overdue flag, pre-signup links and the demo
 * seed's dates all ask `deps.clock`, never `new Date()`. Production runs on {@link systemClock};
 * tests and tools move a {@link SettableClock} (through months of billing in seconds, say).
 * Security timers (token, reset-link and captcha expiry, rate-limit windows) keep real time:
 * docs/architecture.md "Server conventions".
 */
import { serviceDate } from '#shared/signup/dates';

export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** Today (YYYY-MM-DD) in the service time zone on a clock. */
export function clockToday(clock: Clock): string {
  return serviceDate(clock.now());
}

/** A clock that stands still where it is set until it is set again or moved. */
export class SettableClock implements Clock {
  private at: number;

  constructor(at: Date | string | number = Date.now()) {
    this.at = SettableClock.instant(at);
  }

  private static instant(at: Date | string | number): number {
    const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
    if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(at)}`);
    return ms;
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Puts the clock at an instant (a Date, an ISO string, or epoch milliseconds). */
  set(at: Date | string | number): void {
    this.at = SettableClock.instant(at);
  }

  /** Moves the clock forward (or back, with a negative amount) by milliseconds. */
  advance(ms: number): void {
    this.at += ms;
  }
}
