/**
 * Calendar dates of the service area. Every provider we sell is in the Mountain time zone, so
 * "tomorrow" (the earliest install or activation date, signup.md §9) is tomorrow there, on the
 * client and on the server alike.
 */
import { INSTALLATION_DAYS_AHEAD, MINIMUM_SCHEDULE_DAYS_AHEAD } from '../first-load-constants.ts';

export const SERVICE_TIME_ZONE = 'America/Denver';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

let serviceDateFormat: Intl.DateTimeFormat | undefined;

/** The calendar date (YYYY-MM-DD) of an instant in the service time zone. */
export function serviceDate(at: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD. Made once, on first use: making one costs far more than using
  // it (about 0.5 ms on the server, three times per order).
  serviceDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return serviceDateFormat.format(at);
}

/** A YYYY-MM-DD date plus a number of days. */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The earliest date an installation or activation may be scheduled for: tomorrow. */
export function earliestScheduleDate(at: Date = new Date()): string {
  return addDays(serviceDate(at), MINIMUM_SCHEDULE_DAYS_AHEAD);
}

/** The last date of the installation booking horizon ({@link INSTALLATION_DAYS_AHEAD} days). */
export function lastInstallationDate(at: Date = new Date()): string {
  return addDays(earliestScheduleDate(at), INSTALLATION_DAYS_AHEAD - 1);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Day of the week of a YYYY-MM-DD date: 0 is Sunday. */
export function weekday(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
}

/**
 * The UTC offset of the service time zone at a wall-clock date and time there, as "-06:00" or
 * "-07:00" (daylight saving time is taken into account).
 */
export function serviceUtcOffset(isoDate: string, time: string): string {
  const guess = new Date(`${isoDate}T${time}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SERVICE_TIME_ZONE,
    timeZoneName: 'longOffset',
  }).formatToParts(guess);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace('GMT', '');
  return offset === '' ? '+00:00' : offset;
}

/** An ISO timestamp with offset for a wall-clock date and time in the service time zone. */
export function serviceDateTime(isoDate: string, time: string): string {
  return `${isoDate}T${time}:00${serviceUtcOffset(isoDate, time)}`;
}
