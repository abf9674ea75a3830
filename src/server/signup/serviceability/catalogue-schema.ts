/**
 * The catalogue: what each provider's addresses can order and what it costs. Written by the
 * catalogue seed step from src/server/signup/serviceability/catalogue-data.ts (the one file to edit);
 * read by the offering endpoint and, at order time, by the order placement to re-price the cart.
 */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const CATALOGUE_PRODUCT_KINDS = [
  'speed',
  'router',
  'mesh',
  'installation',
  'static_ip',
  'subnet',
  'voice',
] as const;
export type CatalogueProductKind = (typeof CATALOGUE_PRODUCT_KINDS)[number];

/** Something an address of a provider can order: a speed, a router for a speed, mesh, … */
export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: CATALOGUE_PRODUCT_KINDS }).notNull(),
    /** speed_id, installation type, or the kind itself for single products. */
    key: text('key').notNull(),
    /** Router products: the speed they go with. Empty otherwise. */
    forSpeedId: text('for_speed_id').notNull().default(''),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    subDescription: text('sub_description').notNull().default(''),
    color: text('color').notNull().default(''),
    /** Equipment model (routers, mesh), for stock. Empty otherwise. */
    model: text('model').notNull().default(''),
    available: boolean('available').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Kind-specific facts: speeds (download, upload, symmetric, external_soid, router_bundled), … */
    attributes: jsonb('attributes').notNull().default({}),
    /** [{ label, text }] */
    legalDisclaimers: jsonb('legal_disclaimers').notNull().default([]),
  },
  (t) => [uniqueIndex('catalogue_products_key_idx').on(t.provider, t.kind, t.key, t.forSpeedId)],
);

/** A price, fee or promo of a product, shaped like a cart item (OfferingRate in the contract). */
export const catalogueRates = pgTable(
  'catalogue_rates',
  {
    /** Unique catalogue key, e.g. "utopia.speed_1000_sym.price"; the cart item's name. */
    name: text('name').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    itemType: text('item_type').notNull(),
    itemGroup: text('item_group').notNull(),
    /** Provider name of who bills it: a network provider or the product itself ("isp"). */
    billedBy: text('billed_by').notNull(),
    rate: numeric('rate', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    rateType: text('rate_type', { enum: ['price', 'promo', 'fee'] }).notNull(),
    ratePeriod: text('rate_period', { enum: ['monthly', 'yearly'] }),
    rateTerm: text('rate_term'),
    rateMode: text('rate_mode', { enum: ['fixed', 'variable'] })
      .notNull()
      .default('fixed'),
    rateMin: numeric('rate_min', { precision: 10, scale: 2, mode: 'number' }),
    rateMax: numeric('rate_max', { precision: 10, scale: 2, mode: 'number' }),
    rateDeferred: boolean('rate_deferred').notNull().default(false),
    serviceClass: integer('service_class').notNull(),
    taxable: boolean('taxable').notNull().default(false),
    relatedItem: text('related_item'),
    sort: integer('sort').notNull().default(0),
    /** Promos only. */
    featured: boolean('featured').notNull().default(false),
    expirationDate: date('expiration_date', { mode: 'string' }),
    legal: text('legal').notNull().default(''),
    /** Promos offered only to addresses in this city; null for every address. */
    onlyCity: text('only_city'),
  },
  (t) => [index('catalogue_rates_product_idx').on(t.productId)],
);

/** Equipment on hand per provider's warehouse; an order takes from it. */
export const equipmentStock = pgTable(
  'equipment_stock',
  {
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    quantityAvailable: integer('quantity_available').notNull(),
    /** The most one order may take of this model. */
    maxPerOrder: integer('max_per_order').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.provider, t.model] })],
);
