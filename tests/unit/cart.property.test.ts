import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItems,
  createCart,
  recalculateCart,
  removeItem,
  withRelatedNames,
  type Cart,
  type CartItem,
  type MoneyTotal,
} from '../../src/shared/cart/index.ts';
import { RATE_TERMS } from '../../src/shared/constants.ts';

const PROVIDERS = [
  { name: 'ridgeline', label: 'Ridgeline Fiber' },
  { name: 'utopia', label: 'UTOPIA Fiber' },
  { name: 'lehi_fiber', label: 'Lehi Fiber' },
];

const itemShape = fc.record({
  description: fc.constantFrom('Speed', 'Router', 'Mesh', 'Install', 'Fee', ''),
  item_group: fc.constantFrom('g1', 'g2', 'g3'),
  provider: fc.constantFrom(...PROVIDERS),
  cents: fc.integer({ min: 0, max: 100_000 }),
  rate_type: fc.constantFrom('price', 'promo', 'fee', 'promo'),
  rate_period: fc.constantFrom(null, 'monthly', 'yearly', 'monthly'),
  rate_term: fc.option(fc.constantFrom(...RATE_TERMS), { nil: null }),
  variable: fc.boolean(),
  rate_deferred: fc.boolean(),
  quantity: fc.integer({ min: 0, max: 5 }),
  relation: fc.option(fc.nat(), { nil: null }),
  service_class: fc.constantFrom(1, 17, 22),
  taxable: fc.boolean(),
});

/**
 * Items with unique names and types. With `acyclic`, an item may only relate to an earlier one;
 * otherwise relations are arbitrary (self-references and cycles included).
 */
function itemsArbitrary(acyclic: boolean) {
  return fc.array(itemShape, { maxLength: 14 }).map((shapes) =>
    shapes.map((shape, index): CartItem => {
      let related: string | null = null;
      if (shape.relation !== null) {
        if (!acyclic) related = `item_${shape.relation % shapes.length}`;
        else if (index > 0) related = `item_${shape.relation % index}`;
      }
      const rate = shape.cents / 100;
      return {
        name: `item_${index}`,
        description: shape.description,
        item_type: `type_${index}`,
        item_group: shape.item_group,
        provider: shape.provider,
        rate,
        rate_type: shape.rate_type as CartItem['rate_type'],
        rate_period: shape.rate_period as CartItem['rate_period'],
        rate_term: shape.rate_term,
        rate_mode: shape.variable ? 'variable' : 'fixed',
        rate_min: shape.variable ? 0 : null,
        rate_max: shape.variable ? Math.max(rate, 1) : null,
        rate_deferred: shape.rate_deferred,
        quantity: shape.quantity,
        related_item: related,
        service_class: shape.service_class,
        taxable: shape.taxable,
      };
    }),
  );
}

const anyItems = fc.oneof(itemsArbitrary(true), itemsArbitrary(false));
const silent = { log: () => undefined };

function allTotals(cart: Cart): MoneyTotal[] {
  return [cart.totals, ...cart.separately_billed.map((s) => s.totals)].flatMap((totals) => [
    totals.due_today,
    totals.due_later,
    ...totals.recurring,
  ]);
}

describe('cart invariants', () => {
  it('totals are never negative, taxed parts never exceed them, all in whole cents', () => {
    fc.assert(
      fc.property(anyItems, (items) => {
        for (const total of allTotals(createCart('ridgeline', items, silent))) {
          expect(Number.isInteger(total.total_cents)).toBe(true);
          expect(total.total_cents).toBeGreaterThanOrEqual(0);
          expect(total.taxed_cents).toBeGreaterThanOrEqual(0);
          expect(total.taxed_cents).toBeLessThanOrEqual(total.total_cents);
          expect(total.total).toBe(total.total_cents / 100);
        }
      }),
    );
  });

  it('the order does not depend on the order items were given in, and recalculating changes nothing', () => {
    fc.assert(
      fc.property(
        anyItems.chain((items) =>
          fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length })),
        ),
        ([items, shuffled]) => {
          const cart = createCart('ridgeline', items, silent);
          expect(createCart('ridgeline', shuffled, silent)).toEqual(cart);
          expect(recalculateCart('ridgeline', cart.items, silent)).toEqual(cart);
        },
      ),
    );
  });

  it('shows every item once, and related items right after their parent (inside its block)', () => {
    fc.assert(
      fc.property(anyItems, (items) => {
        const cart = createCart('ridgeline', items, silent);
        expect(cart.items.map((item) => item.name).sort()).toEqual(
          items.map((item) => item.name).sort(),
        );
        cart.lines.forEach((line, index) => {
          if (line.depth === 0) return;
          const parentIndex = cart.lines.findIndex(
            (other) => other.item.name === line.item.related_item,
          );
          expect(parentIndex).toBeGreaterThanOrEqual(0);
          expect(parentIndex).toBeLessThan(index);
          expect(cart.lines[parentIndex].depth).toBe(line.depth - 1);
          for (const between of cart.lines.slice(parentIndex + 1, index)) {
            expect(between.depth).toBeGreaterThan(cart.lines[parentIndex].depth);
          }
        });
      }),
    );
  });

  it('in acyclic carts within the depth limit, every relation is kept', () => {
    const depthOf = (items: CartItem[], item: CartItem): number => {
      const parent = items.find((other) => other.name === item.related_item);
      return parent ? 1 + depthOf(items, parent) : 0;
    };
    fc.assert(
      fc.property(itemsArbitrary(true), (items) => {
        fc.pre(items.every((item) => depthOf(items, item) <= 10));
        const warnings: string[] = [];
        const cart = createCart('ridgeline', items, { log: (message) => warnings.push(message) });
        expect(warnings).toEqual([]);
        for (const line of cart.lines) {
          expect(line.depth).toBe(depthOf(items, line.item));
        }
      }),
    );
  });

  it('removing an item and adding it back (with its relatives) gives the same cart', () => {
    fc.assert(
      fc.property(
        anyItems
          .filter((items) => items.length > 0)
          .chain((items) => fc.tuple(fc.constant(items), fc.nat(items.length - 1))),
        ([items, pick]) => {
          const cart = createCart('ridgeline', items, silent);
          const name = items[pick].name;
          const removedNames = withRelatedNames(cart.items, [name]);
          const removed = cart.items.filter((item) => removedNames.has(item.name));
          const without = removeItem(cart, name, silent);
          expect(without.items.some((item) => removedNames.has(item.name))).toBe(false);
          expect(addItems(without, removed, silent)).toEqual(cart);
        },
      ),
    );
  });

  it('a promo on an item never raises any total', () => {
    fc.assert(
      fc.property(itemsArbitrary(true), fc.integer({ min: 1, max: 10_000 }), (items, cents) => {
        const target = items.find((item) => item.provider.name === 'ridgeline');
        fc.pre(target !== undefined);
        const promo: CartItem = {
          ...target!,
          name: 'extra_promo',
          item_type: 'extra_promo',
          rate: cents / 100,
          rate_type: 'promo',
          rate_mode: 'fixed',
          rate_min: null,
          rate_max: null,
          quantity: 1,
          related_item: target!.name,
        };
        const before = createCart('ridgeline', items, silent).totals;
        const after = createCart('ridgeline', [...items, promo], silent).totals;
        expect(after.due_today.total_cents).toBeLessThanOrEqual(before.due_today.total_cents);
        expect(after.due_later.total_cents).toBeLessThanOrEqual(before.due_later.total_cents);
        expect(after.recurring.length).toBe(before.recurring.length);
        after.recurring.forEach((stretch, index) => {
          expect(stretch.total_cents).toBeLessThanOrEqual(before.recurring[index].total_cents);
        });
      }),
    );
  });
});
