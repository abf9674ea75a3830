/**
 * Many rows in one statement with one parameter per column: `insert … select … from unnest($1,
 * $2, …)`. drizzle's `insert().values(rows)` builds one parameter per value, and checks each
 * value's kind as it goes: for the billing pass's tens of thousands of rows that building was most
 * of the pass's time (docs/billing.md "Benchmark"). The statement is built from the table's own
 * column list, each value mapped to the driver as drizzle maps it, so a row holds what
 * `insert().values` would have written. jsonb travels as text and is cast in the select (both
 * drivers send a text array alike).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { rowsOf } from './rows.ts';

type Row<T extends PgTable> = T['$inferInsert'];

export interface UnnestInsert<R extends Record<string, Column>> {
  /** `on conflict do nothing`: a row whose unique key exists is left out (and not returned). */
  onConflictDoNothing?: boolean;
  /** The columns to answer for each row written, by the names to answer them under. */
  returning?: R;
}

/**
 * Inserts `rows` into `table` in one statement. A column is written when a row gives it a value;
 * a row that leaves such a column out gives it the column's literal default, or null.
 */
export async function insertUnnest<T extends PgTable, R extends Record<string, Column>>(
  db: Executor,
  table: T,
  rows: readonly Row<T>[],
  options: UnnestInsert<R> = {},
): Promise<{ [K in keyof R]: R[K]['_']['data'] }[]> {
  if (rows.length === 0) return [];
  const config = getTableConfig(table);
  const byKey = Object.entries(table as unknown as Record<string, unknown>).filter(
    (entry): entry is [string, Column] => config.columns.includes(entry[1] as never),
  );
  const written = byKey.filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = written.map(([, column]) => sql.identifier(column.name));
  const arrays: SQL[] = [];
  const selected: SQL[] = [];
  written.forEach(([key, column], index) => {
    const type = column.getSQLType();
    const json = type === 'jsonb' || type === 'json';
    const fallback = typeof column.default === 'object' ? null : (column.default ?? null);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) return fallback === null ? null : column.mapToDriverValue(fallback);
      return value === null ? null : column.mapToDriverValue(value);
    });
    const alias = sql.identifier(`c${index}`);
    arrays.push(sql`${sql.param(values)}::${sql.raw(json ? 'text' : type)}[]`);
    selected.push(json ? sql`${alias}::${sql.raw(type)}` : sql`${alias}`);
  });
  const aliases = written.map((_, index) => sql.identifier(`c${index}`));
  const conflict = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const returning = options.returning
    ? sql` returning ${sql.join(
        Object.entries(options.returning).map(
          ([as, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(as)}`,
        ),
        sql`, `,
      )}`
    : sql``;
  const target = config.schema
    ? sql`${sql.identifier(config.schema)}.${sql.identifier(config.name)}`
    : sql.identifier(config.name);
  const result = await db.execute(sql`insert into ${target} (${sql.join(names, sql`, `)})
    select ${sql.join(selected, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.join(aliases, sql`, `)})${conflict}${returning}`);
  if (!options.returning) return [];
  const columns = Object.entries(options.returning);
  return rowsOf<Record<string, unknown>>(result).map(
    (row) =>
      Object.fromEntries(
        columns.map(([as, column]) => [
          as,
          row[as] === null ? null : column.mapFromDriverValue(row[as]),
        ]),
      ) as { [K in keyof R]: R[K]['_']['data'] },
  );
}
