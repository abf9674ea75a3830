/**
 * Calendar dates of the service area (signup.md §9: the minimum install or activation date is
 * tomorrow), in the Mountain time zone of every provider we sell, on client and server alike.
 */
import { describe, expect, it } from 'vitest';
import { INSTALLATION_DAYS_AHEAD } from '../../src/shared/constants.ts';
import {
  SERVICE_TIME_ZONE,
  addDays,
  earliestScheduleDate,
  isIsoDate,
  lastInstallationDate,
  serviceDate,
  serviceDateTime,
  serviceUtcOffset,
  weekday,
} from '../../src/shared/signup/dates.ts';

describe('the service calendar (America/Denver)', () => {
  it('is the Mountain time zone', () => {
    expect(SERVICE_TIME_ZONE).toBe('America/Denver');
  });

  it('gives the date there, not in UTC', () => {
    // 03:00 UTC on May 5 is 21:00 on May 4 in Denver (MDT, -06:00).
    expect(serviceDate(new Date('2026-05-05T03:00:00Z'))).toBe('2026-05-04');
    expect(serviceDate(new Date('2026-05-05T06:00:00Z'))).toBe('2026-05-05');
  });
});

describe('the earliest install or activation date (signup.md §9: tomorrow)', () => {
  it('is the day after today in the service area', () => {
    expect(earliestScheduleDate(new Date('2026-05-05T03:00:00Z'))).toBe('2026-05-05');
    expect(earliestScheduleDate(new Date('2026-12-31T18:00:00Z'))).toBe('2027-01-01');
  });

  it('opens a booking horizon of INSTALLATION_DAYS_AHEAD days from there', () => {
    const at = new Date('2026-05-04T18:00:00Z');
    expect(lastInstallationDate(at)).toBe(addDays('2026-05-05', INSTALLATION_DAYS_AHEAD - 1));
  });
});

describe('addDays', () => {
  it('moves across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it.each(['2026-5-4', '05/04/2026', '', '2026-05-04T00:00', '+2026-05-04', '12026-05-04'])(
    'refuses %j, naming it',
    (date) => {
      expect(() => addDays(date, 1)).toThrow(RangeError);
      expect(() => addDays(date, 1)).toThrow(`not a YYYY-MM-DD date: ${date}`);
    },
  );
});

describe('isIsoDate', () => {
  it('accepts a real calendar date written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-05-04')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-04-31', '2026-5-4', '05/04/2026', 'tomorrow', ''])(
    'refuses %j',
    (date) => {
      expect(isIsoDate(date)).toBe(false);
    },
  );
});

describe('weekday', () => {
  it('counts from Sunday (0) to Saturday (6)', () => {
    expect(weekday('2026-05-03')).toBe(0);
    expect(weekday('2026-05-04')).toBe(1);
    expect(weekday('2026-05-09')).toBe(6);
    expect(weekday('2026-01-01')).toBe(4);
    expect(weekday('2026-12-31')).toBe(4);
  });

  it.each(['2026-5-4', 'Monday', '', 'x2026-05-04'])('refuses %j, naming it', (date) => {
    expect(() => weekday(date)).toThrow(RangeError);
    expect(() => weekday(date)).toThrow(`not a YYYY-MM-DD date: ${date}`);
  });
});

describe('a wall-clock time in the service area', () => {
  it('is -07:00 in winter and -06:00 in summer (daylight saving time)', () => {
    expect(serviceUtcOffset('2026-01-15', '08:00')).toBe('-07:00');
    expect(serviceUtcOffset('2026-07-15', '08:00')).toBe('-06:00');
  });

  it('is written as an ISO timestamp with that offset', () => {
    expect(serviceDateTime('2026-05-05', '08:00')).toBe('2026-05-05T08:00:00-06:00');
    expect(serviceDateTime('2026-12-01', '13:30')).toBe('2026-12-01T13:30:00-07:00');
  });
});
