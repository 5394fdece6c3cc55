import { migrateToLatest, openDatabase, sql, type Database } from '@vi/platform-postgres';
import { createTestDatabase, type TestDatabase } from '@vi/platform-testing';
import { addOutboxClaims, addOutboxTraceContext, createOutboxTable } from '../src';

/** A test database with an outbox in `schema`, and the spec's own table when it names one (`create table …`). */
export async function openOutboxDatabase<DB>(schema: string, ownTable?: string): Promise<{ testDb: TestDatabase; database: Database<DB> }> {
  const testDb = await createTestDatabase();
  const database = await openDatabase<DB>({ url: testDb.url, schema, embedded: testDb.embedded });
  await migrateToLatest(database.db, schema, {
    '0001_tables': {
      up: async (db) => {
        await createOutboxTable(db);
        await addOutboxTraceContext(db);
        await addOutboxClaims(db);
        if (ownTable) await sql.raw(ownTable).execute(db);
      },
    },
  });
  return { testDb, database };
}
