/**
 * How long ago, as a person writes it (docs/servers.md "Power"): under a minute "45 s", under an
 * hour "12 min", under a day "3 h 5 min", then "1 day, 0 h" and "2 days, 3 h". Each step drops
 * the unit two below it: a count that changes every second only while it is under a minute.
 */
export function formatElapsed(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (minutes === 0) return `${total} s`;
  if (hours === 0) return `${minutes} min`;
  if (days === 0) return `${hours} h ${minutes % 60} min`;
  return `${days} ${days === 1 ? 'day' : 'days'}, ${hours % 24} h`;
}
