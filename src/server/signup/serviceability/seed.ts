/**
 * Seed steps of the serviceability data: the catalogue (from catalogue-data.ts) and the
 * generated addresses.
 *
 * Addresses: `npm run seed -- --addresses 1000000` regenerates them at that size; otherwise the
 * first start generates SEED_ADDRESSES (250,000 by default) and the API-test template
 * ({ testing: true }) a small set that still has every status. Rows go in through `unnest` of one
 * array per column (one statement per 2,000 rows), with the secondary indexes dropped during
 * the load and rebuilt after it, which is several times faster than keeping them up to date.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appMeta,
  catalogueProducts,
  catalogueRates,
  equipmentStock,
  installationWindows,
  serviceClasses,
} from '../../db/schema.ts';
import type { SeedContext, SeedStep } from '../../db/seed-step.ts';
import { FIRST_GENERATED_ID, generateAddresses, type AddressRow } from './address-generator.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  CATALOGUE,
  CATALOGUE_VERSION,
  DEFAULT_RATE_SERVICE_CLASS,
  INSTALLATION_WINDOWS,
  SERVICE_CLASSES,
  type RateSpec,
} from './catalogue-data.ts';

/** Addresses of the API-test template: small, with every status. */
export const TEST_ADDRESS_COUNT = 6_000;
/** Raise when the generator's output changes. */
export const ADDRESS_GENERATOR_VERSION = 1;
const ADDRESS_META_KEY = 'addresses:generated';
/**
 * Rows per statement. PGlite keeps a buffer as large as the largest message it has passed: at
 * 20,000 rows that held about 25 MB more for the life of the process.
 */
const INSERT_BATCH = 2_000;
/** Enough for the demo addresses and a few of every status. */
export const MIN_ADDRESSES = 100;

export function requestedAddressCount(context: Pick<SeedContext, 'config' | 'options'>): number {
  const { options, config } = context;
  const asked = options.addresses;
  if (asked !== undefined) {
    if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < MIN_ADDRESSES) {
      throw new Error(`--addresses must be a whole number of at least ${MIN_ADDRESSES}`);
    }
    return asked;
  }
  return options.testing ? TEST_ADDRESS_COUNT : config.seedAddresses;
}

// ---------------------------------------------------------------------------------------------
// Catalogue

function rateRow(
  provider: string,
  productKey: string,
  productId: number,
  spec: RateSpec,
  group: string,
  sort: number,
): typeof catalogueRates.$inferInsert {
  const prefix = `${provider}.${productKey}`;
  return {
    name: `${prefix}.${spec.key}`,
    productId,
    description: spec.description,
    itemType: spec.itemType ?? group,
    itemGroup: spec.group ?? group,
    billedBy: spec.billedBy,
    rate: spec.rate,
    rateType: spec.rateType,
    ratePeriod: spec.ratePeriod,
    rateTerm: spec.rateTerm ?? null,
    rateMode: spec.variable ? 'variable' : 'fixed',
    rateMin: spec.variable?.min ?? null,
    rateMax: spec.variable?.max ?? null,
    rateDeferred: spec.deferred ?? false,
    serviceClass: spec.serviceClass ?? DEFAULT_RATE_SERVICE_CLASS,
    taxable: spec.taxable ?? false,
    relatedItem: spec.relatedTo ? `${prefix}.${spec.relatedTo}` : null,
    sort,
    featured: spec.featured ?? false,
    expirationDate: spec.expirationDate ?? null,
    legal: spec.legal ?? '',
    onlyCity: spec.onlyCity ?? null,
  };
}

async function insertProduct(
  tx: Executor,
  product: typeof catalogueProducts.$inferInsert,
  rates: RateSpec[],
  itemType: string,
) {
  const [inserted] = await tx
    .insert(catalogueProducts)
    .values(product)
    .returning({ id: catalogueProducts.id });
  const productKey = product.forSpeedId ? `${product.key}.${product.forSpeedId}` : product.key;
  if (rates.length > 0) {
    await tx
      .insert(catalogueRates)
      .values(
        rates.map((rate, index) =>
          rateRow(product.provider, productKey, inserted.id, rate, itemType, index),
        ),
      );
  }
}

export async function seedCatalogue(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    for (const spec of SERVICE_CLASSES) {
      const { id: _id, ...rest } = spec;
      await tx
        .insert(serviceClasses)
        .values(spec)
        .onConflictDoUpdate({ target: serviceClasses.id, set: rest });
    }
    await tx.delete(catalogueProducts);
    await tx.delete(installationWindows);
    for (const catalogue of CATALOGUE) {
      const provider = catalogue.provider;
      for (const [sort, speed] of catalogue.speeds.entries()) {
        await insertProduct(
          tx,
          {
            provider,
            kind: 'speed',
            key: speed.speedId,
            label: speed.label,
            description: speed.description,
            color: speed.color,
            sort,
            attributes: {
              download_speed: speed.download,
              upload_speed: speed.upload,
              symmetric: speed.download === speed.upload,
              external_soid: speed.externalSoid,
            },
            legalDisclaimers: speed.disclaimers,
          },
          speed.rates,
          'connectivity',
        );
      }
      for (const [sort, router] of catalogue.routers.entries()) {
        await insertProduct(
          tx,
          {
            provider,
            kind: 'router',
            key: 'router',
            forSpeedId: router.speedId,
            label: router.label,
            model: router.model,
            sort,
          },
          router.rates,
          'router',
        );
      }
      await insertProduct(
        tx,
        {
          provider,
          kind: 'mesh',
          key: 'mesh',
          label: catalogue.mesh.label,
          description: catalogue.mesh.description,
          model: catalogue.mesh.model,
        },
        catalogue.mesh.rates,
        'mesh',
      );
      for (const [sort, option] of catalogue.installation.entries()) {
        await insertProduct(
          tx,
          {
            provider,
            kind: 'installation',
            key: option.type,
            label: option.label,
            description: option.description,
            subDescription: option.subDescription,
            sort,
            attributes: { duration: option.duration },
          },
          option.rates,
          'installation',
        );
      }
      for (const [kind, addOn] of [
        ['static_ip', catalogue.staticIp],
        ['subnet', catalogue.subnet],
      ] as const) {
        await insertProduct(
          tx,
          {
            provider,
            kind,
            key: kind,
            label: addOn.label,
            description: addOn.description,
            available: addOn.available,
          },
          [...addOn.rates],
          kind,
        );
      }
      await insertProduct(
        tx,
        {
          provider,
          kind: 'voice',
          key: 'voice',
          label: catalogue.voice.label,
          description: catalogue.voice.description,
          available: catalogue.voice.available,
        },
        [],
        'voice',
      );
      for (const [model, [quantity, maxPerOrder]] of Object.entries(catalogue.stock)) {
        await tx
          .insert(equipmentStock)
          .values({ provider, model, quantityAvailable: quantity, maxPerOrder })
          .onConflictDoUpdate({
            target: [equipmentStock.provider, equipmentStock.model],
            set: { quantityAvailable: quantity, maxPerOrder },
          });
      }
    }
    await tx.insert(installationWindows).values(
      INSTALLATION_WINDOWS.flatMap((window) =>
        window.weekdays.flatMap((weekday) =>
          window.startTimes.map((startTime) => ({
            provider: window.provider,
            installType: window.installType,
            weekday,
            startTime,
            duration: window.duration,
            capacity: window.capacity,
          })),
        ),
      ),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Addresses

const COLUMNS: [keyof AddressRow, string, string][] = [
  ['id', 'id', 'int4'],
  ['line1', 'line1', 'text'],
  ['line2', 'line2', 'text'],
  ['city', 'city', 'text'],
  ['state', 'state', 'text'],
  ['zipCode', 'zip_code', 'text'],
  ['formatted', 'formatted', 'text'],
  ['searchKey', 'search_key', 'text'],
  ['streetKey', 'street_key', 'text'],
  ['streetNorm', 'street_norm', 'text'],
  ['unitNorm', 'unit_norm', 'text'],
  ['dropLatitude', 'drop_latitude', 'float8'],
  ['dropLongitude', 'drop_longitude', 'float8'],
  ['serviceClassId', 'service_class_id', 'int4'],
  ['status', 'status', 'text'],
  ['needsOntInstall', 'needs_ont_install', 'bool'],
  ['demo', 'demo', 'bool'],
];

/** One statement per batch: one array parameter per column, unnested into rows. */
async function insertAddressBatch(db: Executor, rows: AddressRow[]) {
  const columns = sql.raw(COLUMNS.map(([, column]) => column).join(', '));
  const arrays = sql.join(
    COLUMNS.map(
      ([field, , type]) => sql`${sql.param(rows.map((row) => row[field]))}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  const updates = sql.raw(
    COLUMNS.filter(([, column]) => column !== 'id')
      .map(([, column]) => `${column} = excluded.${column}`)
      .join(', '),
  );
  // Demo addresses keep their ids across re-seeds (other data may point at them): upsert.
  await db.execute(sql`insert into addresses (${columns}) select * from unnest(${arrays})
    on conflict (id) do update set ${updates}`);
}

export async function seedAddresses(
  db: Executor,
  total: number,
  log: (message: string, details: Record<string, unknown>) => void = () => undefined,
): Promise<{ total: number; ms: number }> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    const indexes = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'addresses'
          and indexname <> 'addresses_pkey'`),
    );
    const foreignKeys = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'addresses'::regclass and contype = 'f'`),
    );
    // Generated addresses go; the demo addresses (below FIRST_GENERATED_ID) are updated in place.
    await tx.execute(sql`delete from renter_contacts where address_id >= ${FIRST_GENERATED_ID}`);
    await tx
      .execute(sql`delete from addresses where id >= ${FIRST_GENERATED_ID}`)
      .catch((error) => {
        throw new Error(
          'Generated addresses are in use (orders or other data point at them): seed a fresh database to change their number.',
          { cause: error },
        );
      });
    // Loading without secondary indexes and foreign keys, then restoring them, is much faster
    // than checking and indexing row by row.
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    for (const key of foreignKeys) {
      await tx.execute(sql.raw(`alter table addresses drop constraint "${key.name}"`));
    }
    let inserted = 0;
    // The next batch is generated while the database stores the previous one (PostgreSQL works
    // in its own process meanwhile).
    let storing: Promise<void> | undefined;
    for (const batch of generateAddresses({ total }, INSERT_BATCH)) {
      await storing;
      storing = insertAddressBatch(tx, batch);
      inserted += batch.length;
      if (inserted % 200_000 < INSERT_BATCH) log('addresses generated so far', { inserted });
    }
    await storing;
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const key of foreignKeys) {
      await tx.execute(
        sql.raw(`alter table addresses add constraint "${key.name}" ${key.definition}`),
      );
    }
    await tx.execute(sql`analyze addresses`);
    await tx
      .insert(appMeta)
      .values({ key: ADDRESS_META_KEY, value: { total, version: ADDRESS_GENERATOR_VERSION } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { total, version: ADDRESS_GENERATOR_VERSION }, updatedAt: new Date() },
      });
  });
  return { total, ms: Math.round(performance.now() - started) };
}

async function generatedTotal(db: Executor): Promise<number | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, ADDRESS_META_KEY));
  const value = row?.value as { total?: number; version?: number } | undefined;
  return value?.version === ADDRESS_GENERATOR_VERSION ? value.total : undefined;
}

const catalogueStep: SeedStep = {
  name: 'serviceability-catalogue',
  version: CATALOGUE_VERSION,
  demoOnly: false,
  run: ({ db }) => seedCatalogue(db),
};

const addressesStep: SeedStep = {
  name: 'addresses',
  version: ADDRESS_GENERATOR_VERSION,
  demoOnly: false,
  force: (options) => options.addresses !== undefined,
  async run(context) {
    const total = requestedAddressCount(context);
    if ((await generatedTotal(context.db)) === total) {
      context.logger.info({ total }, 'addresses already generated at this size');
      return;
    }
    const result = await seedAddresses(context.db, total, (message, details) =>
      context.logger.info(details, message),
    );
    context.logger.info(result, 'addresses generated');
  },
};

export const SERVICEABILITY_SEED_STEPS: SeedStep[] = [catalogueStep, addressesStep];
