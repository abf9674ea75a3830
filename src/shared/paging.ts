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

/** Where a paged list stands: its page and how many items there are in all. */
export interface PagePosition extends PageQuery {
  total: number;
}

/** Whether a page follows this one. */
export const hasNextPage = (at: PagePosition): boolean => at.offset + at.limit < at.total;

/** Whether a page comes before this one. */
export const hasPreviousPage = (at: PagePosition): boolean => at.offset > 0;

/** The next page (same size). */
export const nextPage = <P extends PagePosition>(at: P): P => ({
  ...at,
  offset: at.offset + at.limit,
});

/** The previous page (same size), never before the first. */
export const previousPage = <P extends PagePosition>(at: P): P => ({
  ...at,
  offset: Math.max(0, at.offset - at.limit),
});

/** One page holding every item, from the first. */
export const everyItem = <P extends PagePosition>(at: P): P => ({
  ...at,
  limit: Math.max(1, at.total),
  offset: 0,
});
