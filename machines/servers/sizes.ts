/**
 * A server's size as its inputs hold it (CPU, memory in GB, storage in GB), shared by the server
 * editor and the new server form: the editor's bounds (`serverSizeErrors`), storage never below
 * what the server has, and the monthly cost (`serverMonthlyCost`) only for a size within them.
 */
import { formatDollars } from '#shared/cart/money';
import { monthlyCostLabel, sizesOutOfBounds, storageCannotShrink } from '#shared/servers/messages';
import { SERVER_EDITOR } from '#shared/servers/constants';
import { memMb, serverMonthlyCost, serverSizeErrors, type ServerSize } from '#shared/servers/rules';

export type SizeField = 'cpus' | 'memGb' | 'disk';

export interface SizeValues {
  cpus: number;
  memGb: number;
  disk: number;
}

export type SizeErrors = Partial<Record<SizeField, string>>;

/** The size the API takes: memory in MB. */
export function sizeOf(values: SizeValues): ServerSize {
  return { cpus: values.cpus, mem: memMb(values.memGb), disk: values.disk };
}

/** Field errors of the values: the shared bounds, and storage never below `leastDisk`. */
export function sizeErrors(values: SizeValues, leastDisk = 0): SizeErrors {
  const errors = serverSizeErrors(sizeOf(values));
  const result: SizeErrors = {};
  if (errors.cpus) result.cpus = errors.cpus;
  if (errors.mem) result.memGb = errors.mem;
  if (errors.disk) result.disk = errors.disk;
  else if (values.disk < leastDisk) result.disk = storageCannotShrink(leastDisk);
  return result;
}

/** The monthly cost in US dollars, or null while a value is out of its bounds. */
export function sizeCost(values: SizeValues, leastDisk = 0): number | null {
  if (Object.keys(sizeErrors(values, leastDisk)).length > 0) return null;
  return serverMonthlyCost(sizeOf(values));
}

/** What the cost line shows: "$86.00 per month", or the bounds while a value is out of them. */
export function sizeCostText(values: SizeValues, leastDisk = 0): string {
  const cost = sizeCost(values, leastDisk);
  return cost === null
    ? sizesOutOfBounds(Math.max(SERVER_EDITOR.storageGb.min, leastDisk))
    : monthlyCostLabel(formatDollars(cost));
}
