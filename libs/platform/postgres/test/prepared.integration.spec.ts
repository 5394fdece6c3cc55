import { randomBytes } from 'node:crypto';
import { openDatabase, prepared, sql, type Database } from '../src';

interface Row {
  id: number;
  name: string;
}

describe('prepared statements (decision 048)', () => {
  // TEST_DATABASE_URL: PostgreSQL, in a schema of its own (platform-testing uses this lib, so not imported here);
  // otherwise PGlite in memory.
  const url = process.env.TEST_DATABASE_URL || undefined;
  const schema = `prepared_test_${randomBytes(4).toString('hex')}`;
  let database: Database<{ items: Row }>;
  const byId = (id: number) => prepared(sql<Row>`select id, name from items where id = ${id}`);

  beforeAll(async () => {
    database = await openDatabase({ url, schema, poolSize: 1 });
    await sql`create table items (id int primary key, name text not null)`.execute(database.db);
    await sql`insert into items values (1, 'one'), (2, 'two')`.execute(database.db);
  });
  afterAll(async () => {
    if (url) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });

  it('answers with each call’s values, and PostgreSQL keeps the statement by name on the connection', async () => {
    expect((await byId(1).execute(database.db)).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await byId(2).execute(database.db)).rows).toEqual([{ id: 2, name: 'two' }]);
    const named = await sql<{ name: string }>`select name from pg_prepared_statements where statement like '/* prepared */%items%'`.execute(database.db);
    // PGlite runs a marked statement unnamed, as any other.
    expect(named.rows).toHaveLength(database.embedded ? 0 : 1);
  });

  it('keeps answering after a migration adds a column to the table (its column list is explicit)', async () => {
    await byId(1).execute(database.db);
    await sql`alter table items add column note text`.execute(database.db);
    expect((await byId(2).execute(database.db)).rows).toEqual([{ id: 2, name: 'two' }]);
  });
});
