/**
 * How long ago, as a person writes it (docs/servers.md "Power"): the seconds since a server's
 * shutdown were shown as "87863 s"; the examples are the issue's own.
 */
import { describe, expect, it } from 'vitest';
import { formatElapsed } from '../../src/shared/elapsed.ts';

describe('formatElapsed', () => {
  it.each([
    // Under a minute: seconds.
    [0, '0 s'],
    [45, '45 s'],
    [59, '59 s'],
    // Under an hour: whole minutes.
    [60, '1 min'],
    [12 * 60 + 30, '12 min'],
    [3599, '59 min'],
    // Under a day: hours and minutes.
    [3600, '1 h 0 min'],
    [3 * 3600 + 5 * 60 + 59, '3 h 5 min'],
    [86_399, '23 h 59 min'],
    // A day or more: days and hours.
    [86_400, '1 day, 0 h'],
    [87_863, '1 day, 0 h'],
    [2 * 86_400 + 3 * 3600 + 600, '2 days, 3 h'],
    [400 * 86_400, '400 days, 0 h'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(formatElapsed(seconds)).toBe(words);
  });

  it('reads a fraction of a second down, and nothing negative', () => {
    expect(formatElapsed(59.9)).toBe('59 s');
    expect(formatElapsed(-3)).toBe('0 s');
  });
});
