/**
 * The database schema. Each capability adds its tables in its own file under `schema/` and
 * re-exports them here, so drizzle-kit sees one schema.
 */
export * from './schema/meta.ts';
