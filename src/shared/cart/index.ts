/** The cart: one pure module for the page and the server. See docs/cart.md for the rules. */
export * from './cart.ts';
export * from './money.ts';
export * from './order.ts';
export * from './schema.ts';
export * from './totals.ts';
export type * from './types.ts';
export * from './offering.ts';
