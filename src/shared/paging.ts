/**
 * The `?limit=&offset=` query of every paged list (bills, payments, zones, records, …): one rule,
 * each list giving its default page size and its cap. Query values arrive as strings.
 */
import * as v from 'valibot';

export interface PageSizes {
  /** The page size when `limit` is not given. */
  size: number;
  /** The largest `limit` accepted. */
  max: number;
}

/** The parsed query: numbers, with the list's defaults filled in. */
export interface PageQuery {
  limit: number;
  offset: number;
}

export function pageQuerySchema({ size, max }: PageSizes) {
  const limitMessage = `limit must be 1 to ${max}`;
  return v.object({
    limit: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,9}$/, limitMessage),
        v.transform(Number),
        v.minValue(1, limitMessage),
        v.maxValue(max, limitMessage),
      ),
      String(size),
    ),
    offset: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,9}$/, 'offset must be a whole number'),
        v.transform(Number),
      ),
      '0',
    ),
  });
}
