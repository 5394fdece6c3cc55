import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { Pool, types } from 'pg';
import type { Logger } from 'pino';
import { EmbeddedPostgres } from './embedded-postgres';
import { prepareMarkedStatements } from './prepared';

export { EmbeddedPostgres } from './embedded-postgres';
export { deleteInBatches } from './delete-in-batches';
export { prepared } from './prepared';
export { insertRows } from './insert-rows';
export { StatementLog, type LoggedStatement } from './statement-log';

export { sql } from 'kysely';
export type { RawBuilder } from 'kysely';
export type { ColumnType, Kysely, Migration, Transaction, Selectable, Insertable, Updateable, Generated } from 'kysely';

// int8 (counts, bigserial) as numbers: our counts stay far below 2^53.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the service runs on embedded PGlite. */
  url?: string;
  /** The schema this service owns; every query runs with it as search_path. */
  schema: string;
  /** PGlite data directory when the service opens its own; absent means in memory (tests). */
  dataDir?: string;
  /** The process's shared embedded database (the launcher); used instead of `dataDir` when there is no `url`. */
  embedded?: EmbeddedPostgres;
  poolSize?: number;
  logger?: Logger;
}

export interface Database<DB> {
  db: Kysely<DB>;
  embedded: boolean;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name ${options.schema}`);
  if (options.url) {
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection the server ends (restart, failover) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle PostgreSQL connection closed'));
    prepareMarkedStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Only create the schema when it is missing: a service's database user may
    // own its schema without the right to create schemas in the database.
    const exists = await sql<{ found: number }>`select 1 as found from information_schema.schemata where schema_name = ${options.schema}`.execute(db);
    if (exists.rows.length === 0) await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
    return { db, embedded: false, close: () => db.destroy() };
  }
  const owned = options.embedded ? undefined : await EmbeddedPostgres.open(options.dataDir, { logger: options.logger });
  const embedded = options.embedded ?? owned!;
  const db = new Kysely<DB>({ dialect: embedded.dialect(options.schema) });
  await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  return {
    db,
    embedded: true,
    close: async () => {
      await db.destroy();
      await owned?.close();
    },
  };
}

/**
 * Applies a service's forward-only migrations (named `0001_…`, applied in
 * name order). Kysely's migrator takes a lock, so replicas starting together
 * apply each migration once.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations run against an untyped database
  db: Kysely<any>,
  schema: string,
  migrations: Record<string, Migration>,
  logger?: Logger,
): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger?.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error') logger?.error({ migration: result.migrationName }, 'migration failed');
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a non-Error failure has no better representation
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** True when the error is a unique-constraint violation (optionally of one constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint);
}
