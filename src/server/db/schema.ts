/**
 * The database schema. Each area keeps its tables in its own folder (`src/server/<area>/schema.ts`)
 * and re-exports them here, so drizzle-kit sees one schema; tables of no one area are in `schema/`.
 */
export * from './schema/meta.ts';
export * from './schema/customers.ts';
export * from '../auth/schema.ts';
export * from '../mail/schema.ts';
export * from '../auth/audit-schema.ts';
export * from '../serviceability/address-schema.ts';
export * from '../serviceability/catalogue-schema.ts';
export * from '../serviceability/installation-schema.ts';
export * from '../captcha/schema.ts';
export * from '../card-provider/schema.ts';
export * from '../orders/schema.ts';
export * from './schema/idempotency.ts';
export * from '../orders/pre-signup-schema.ts';
export * from '../billing/schema.ts';
export * from '../servers/schema.ts';
export * from '../people/schema.ts';
export * from '../notices/schema.ts';
export * from '../dns/schema.ts';
export * from '../hypervisor/schema.ts';
export * from '../jobs/progress-schema.ts';
export * from '../activity/schema.ts';
export * from '../auth/passkey-schema.ts';
