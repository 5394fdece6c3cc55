import { sql, type Insertable, type RawBuilder } from 'kysely';

/**
 * A multi-row `INSERT` written as raw SQL (decision 053): the same statement the query builder makes, built for a
 * fraction of its CPU (it makes and freezes a node per value), for the hot writes of a request. The columns are the
 * first row's keys, and every row has the same keys in the same order (rows from one mapping function). Usable on
 * its own or as a part of a larger statement; append an `on conflict …` clause with `sql`.
 */
export function insertRows<DB, TB extends keyof DB & string>(table: TB, rows: ReadonlyArray<Insertable<DB[TB]>>): RawBuilder<unknown> {
  if (rows.length === 0) throw new Error(`insertRows(${table}): no rows`);
  const columns = Object.keys(rows[0] as object);
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(
    rows.map((row) => sql`(${sql.join(columns.map((column) => (row as Record<string, unknown>)[column]))})`),
  )}`;
}
