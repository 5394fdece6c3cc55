import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, sql, type Migration } from '@vi/platform-postgres';
import { createTestDatabase, type TestDatabase } from '@vi/platform-testing';
import { ROOT, sourceFiles } from '../src/repo-files';
import { rowTypesOf, SQL_TYPES_OF, type TableShapes } from '../src/row-types';

/**
 * Kysely's row types are written by hand beside the migrations that make the tables; nothing else makes them
 * agree (immich's schema-vs-code check is the model). For each service this migrates a fresh database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), reads its columns from information_schema, and compares them with the table
 * interfaces of `apps/<service>/src/infrastructure/<service>.database.ts`: every column in both, the same
 * nullability, a compatible type. Each failure names the column and what differs.
 */

interface Column {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  data_type: string;
  udt_name: string;
}

const logger = createLogger('row-types-check', 'silent');
// The migrator's own bookkeeping, in every schema.
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const services = sourceFiles('apps')
  .filter((f) => /^apps\/[^/]+\/src\/infrastructure\/[^/]+\.database\.ts$/.test(f))
  .map((file) => ({ service: file.split('/')[1], file }));
const rowTypes = rowTypesOf(
  ROOT,
  services.map((s) => s.file),
);

function migrationsOf(service: string): Record<string, Migration> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each service's migrations, found by its folder
  const exports = require(`${ROOT}/apps/${service}/migrations`) as Record<string, Record<string, Migration>>;
  const found = Object.entries(exports).find(([name]) => name.endsWith('Migrations'));
  if (!found) throw new Error(`apps/${service}/migrations exports no …Migrations`);
  return found[1];
}

function differences(schema: string, interfaceName: string, types: TableShapes, columns: Column[]): string[] {
  const problems: string[] = [];
  const inDatabase = new Map<string, Map<string, Column>>();
  for (const column of columns) inDatabase.set(column.table_name, (inDatabase.get(column.table_name) ?? new Map()).set(column.column_name, column));
  for (const table of inDatabase.keys())
    if (!types.has(table)) problems.push(`${schema}.${table}: a table of the migrated database, but ${interfaceName} has no ${table}`);
  for (const [table, shapes] of types) {
    const actual = inDatabase.get(table);
    if (!actual) {
      problems.push(`${schema}.${table}: in ${interfaceName}, but the migrations make no such table`);
      continue;
    }
    for (const name of actual.keys())
      if (!shapes.has(name)) problems.push(`${schema}.${table}.${name}: a column of the database, but ${interfaceName}['${table}'] has no ${name}`);
    for (const [name, shape] of shapes) {
      const column = actual.get(name);
      const at = `${schema}.${table}.${name}`;
      if (!column) {
        problems.push(`${at}: in ${interfaceName}['${table}'], but the migrations make no such column`);
        continue;
      }
      const sqlType = column.data_type === 'ARRAY' ? `${column.udt_name.replace(/^_/, '')}[]` : column.data_type;
      if (column.is_nullable === 'YES' && !shape.nullable) problems.push(`${at}: the column is nullable, the row type does not allow null`);
      if (column.is_nullable === 'NO' && shape.nullable) problems.push(`${at}: the column is not null, the row type allows null`);
      const incompatible = shape.kinds.filter((kind) => !(SQL_TYPES_OF[kind] ?? []).includes(column.data_type));
      if (incompatible.length > 0) problems.push(`${at}: the row type says ${shape.kinds.join(' | ')}, the column is ${sqlType}`);
    }
  }
  return problems;
}

describe('Kysely row types agree with the migrated schemas', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it.each(services)('$service', async ({ service, file }) => {
    const database = await openDatabase({ url: testDb.url, schema: service, embedded: testDb.embedded });
    try {
      await migrateToLatest(database.db, service, migrationsOf(service), logger);
      const columns = await sql<Column>`
        select c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = ${service} and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`.execute(database.db);
      const { name, tables } = rowTypes.get(file)!;
      const rows = columns.rows.filter((c) => !MIGRATOR_TABLES.has(c.table_name));
      expect(rows.length).toBeGreaterThan(0);
      expect(differences(service, name, tables, rows)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
