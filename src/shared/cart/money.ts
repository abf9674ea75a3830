/**
 * Money as integer cents. Amounts arrive as dollars with at most two decimals; they are turned into
 * cents once, all arithmetic is on integers, and dollars are only produced for display or JSON
 * (one division of an integer, which prints exactly with two decimals).
 */

/** Dollars (at most two decimals) to integer cents. Throws on anything that is not a finite amount. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${dollars}`);
  return cents;
}

/** True when the number is a dollar amount with at most two decimals. */
export function isDollarAmount(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const cents = dollars * 100;
  return Number.isSafeInteger(Math.round(cents)) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,234.50`, `-$12.00`; nothing is `$0.00`, never `-$0.00` (a negated zero). */
export function formatCents(cents: number): string {
  return USD.format(cents / 100 + 0);
}

export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars));
}
