import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** What starts a statement that `pg` connections prepare once by name (decision 048). */
const MARK = '/* prepared */ ';
/** Statement texts named so far (hot statements are few; past the bound a text runs unnamed, as any other). */
const NAMES = new Map<string, string>();
const MAX_NAMES = 1_000;

/**
 * A statement planned once per connection: on PostgreSQL (`pg`) it is sent as a named prepared statement, whose
 * parse and analysis are done at its first use on each connection and whose plan PostgreSQL may keep (generic
 * after five custom ones, when no dearer); embedded PGlite runs it as it runs any statement. Its text must be the
 * same for the same name, so values go in parameters and only fixed vocabulary (columns, enum literals) in the
 * text, and its column list must be explicit: a prepared `select *` would fail after a migration adds a column.
 */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARK)}${query}`;
}

function nameOf(text: string): string | undefined {
  let name = NAMES.get(text);
  if (name === undefined && NAMES.size < MAX_NAMES) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    NAMES.set(text, name);
  }
  return name;
}

/** Makes every connection of the pool send a `prepared` statement by name (`pg` keeps which it has parsed). */
export function prepareMarkedStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === 'string' && text.startsWith(MARK) ? nameOf(text) : undefined;
      return name === undefined ? query(...args) : query({ name, text, values }, ...args.slice(2));
    };
  });
}
