/**
 * Moving through a paged list (src/shared/paging.ts), as portal.md's paged lists read: Next shows
 * the following page of the same size, Previous the one before (never before the first), "Show
 * all" every item on one page from the first; Next only while items follow, Previous only after
 * the first page.
 */
import { describe, expect, it } from 'vitest';
import {
  everyItem,
  hasNextPage,
  hasPreviousPage,
  nextPage,
  previousPage,
} from '../../src/shared/paging.ts';

describe('paging', () => {
  it('Next and Previous move by one page of the same size, never before the first', () => {
    expect(nextPage({ limit: 10, offset: 0, total: 25 })).toEqual({
      limit: 10,
      offset: 10,
      total: 25,
    });
    expect(previousPage({ limit: 10, offset: 20, total: 25 })).toEqual({
      limit: 10,
      offset: 10,
      total: 25,
    });
    expect(previousPage({ limit: 10, offset: 5, total: 25 }).offset).toBe(0);
  });

  it('a next page exists while items follow, a previous one after the first page', () => {
    expect(hasNextPage({ limit: 10, offset: 10, total: 25 })).toBe(true);
    expect(hasNextPage({ limit: 10, offset: 20, total: 25 })).toBe(false);
    expect(hasNextPage({ limit: 10, offset: 0, total: 10 })).toBe(false);
    expect(hasPreviousPage({ limit: 10, offset: 0, total: 25 })).toBe(false);
    expect(hasPreviousPage({ limit: 10, offset: 10, total: 25 })).toBe(true);
  });

  it('Show all puts every item on one page from the first (at least one row for none)', () => {
    expect(everyItem({ limit: 10, offset: 20, total: 25 })).toEqual({
      limit: 25,
      offset: 0,
      total: 25,
    });
    expect(everyItem({ limit: 10, offset: 0, total: 0 })).toEqual({
      limit: 1,
      offset: 0,
      total: 0,
    });
  });
});
