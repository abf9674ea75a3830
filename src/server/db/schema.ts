/**
 * The database schema. Each area keeps its tables in its own folder (`src/server/<area>/schema.ts`)
 * and re-exports them here, so drizzle-kit sees one schema; tables of no one area are in `schema/`.
 */
export * from './schema/meta.ts';
export * from './schema/customers.ts';
export * from '../session/schema.ts';
export * from '../mail/schema.ts';
export * from '../session/audit-schema.ts';
export * from '../signup/serviceability/address-schema.ts';
export * from '../signup/serviceability/catalogue-schema.ts';
export * from '../signup/serviceability/installation-schema.ts';
export * from '../signup/captcha/schema.ts';
export * from '../billing/card-provider/schema.ts';
export * from '../signup/orders/schema.ts';
export * from './schema/idempotency.ts';
export * from '../signup/orders/pre-signup-schema.ts';
export * from '../billing/schema.ts';
export * from '../servers/schema.ts';
export * from '../people/schema.ts';
export * from '../notices/schema.ts';
export * from '../dns/schema.ts';
export * from '../hypervisor/schema.ts';
export * from '../jobs/progress-schema.ts';
export * from '../activity/schema.ts';
export * from '../session/passkey-schema.ts';
