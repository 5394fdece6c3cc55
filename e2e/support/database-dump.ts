import { openDatabase, sql, type RawBuilder } from '@vi/platform-postgres';
import type { TestSystem } from './test-system';

/** Runs `work` on a connection of its own to a test database (the system's, or a service's started apart). */
export async function withDatabase<T>(
  database: Pick<TestSystem['database'], 'url' | 'embedded'>,
  work: (db: Awaited<ReturnType<typeof openDatabase<unknown>>>['db']) => Promise<T>,
): Promise<T> {
  const opened = await openDatabase<unknown>({ url: database.url, schema: 'public', embedded: database.embedded });
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

/** Every row of every table of every schema of the system's database, one line each: `schema.table: (row as text)`. */
export function databaseDump(t: TestSystem): Promise<string[]> {
  return withDatabase(t.database, async (db) => {
    const tables = await sql<{ s: string; n: string }>`
      select table_schema as s, table_name as n from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
    const lines: string[] = [];
    for (const { s, n } of tables.rows) {
      lines.push(...(await sql<{ row: string }>`select t::text as row from ${sql.table(`${s}.${n}`)} t`.execute(db)).rows.map((r) => `${s}.${n}: ${r.row}`));
    }
    return lines;
  });
}

/** How many rows of `table` (schema-qualified) match `where`. */
export function countRows(t: TestSystem, table: string, where: RawBuilder<unknown> = sql`true`): Promise<number> {
  return withDatabase(t.database, async (db) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0].n),
  );
}

/** The numbers of the takes the interviews service keeps for a question, in order (what its listing shows once visible). */
export function keptTakeNumbers(t: TestSystem, questionUuid: string): Promise<number[]> {
  return withDatabase(t.database, async (db) =>
    (await sql<{ number: number }>`select number from interviews.takes where question_uuid = ${questionUuid} order by number`.execute(db)).rows.map((r) =>
      Number(r.number),
    ),
  );
}
