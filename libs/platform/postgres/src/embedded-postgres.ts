import { mkdirSync } from 'node:fs';
// The ESM build's type: what the lazy `import()` in `open` loads.
import type { PGlite } from '@electric-sql/pglite' with { 'resolution-mode': 'import' };
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Logger } from 'pino';

/** Shared buffers of an in-memory database (PostgreSQL's default, 128 MB, is for a database on disk). */
const IN_MEMORY_SHARED_BUFFERS = '16MB';

/** How long a caller may wait for the connection before we say what holds it (a stuck transaction). */
const SLOW_WAIT_MS = 15_000;

/**
 * One PGlite (embedded PostgreSQL) shared by every service of one process,
 * each in its own schema, as with a real server (docs/decisions/002-all-in-one-launcher.md).
 * Starting one PGlite costs seconds; five of them made `npm start` and every
 * test system five times slower. PGlite has a single connection: callers take
 * turns, and each turn first points search_path at the caller's schema.
 *
 * A transaction holds the connection until it ends, so work inside a
 * transaction must not wait on another service's queries (a gRPC call): with
 * one connection that would wait forever. Use cases call other services
 * before or after their transaction, never inside it.
 */
export class EmbeddedPostgres {
  private tail: Promise<void> = Promise.resolve();
  private holder: { schema: string; since: number } | undefined;
  private currentSchema: string | undefined;

  private constructor(
    private readonly pglite: PGlite,
    private readonly logger?: Logger,
  ) {}

  /**
   * Opens (or creates) the database in `dataDir`; `memory://` or none keeps it
   * in memory. A new database starts from `template` (a `dump()`) when given,
   * which skips the costly initdb (tests start many).
   */
  static async open(dataDir?: string, options: { logger?: Logger; template?: Blob } = {}): Promise<EmbeddedPostgres> {
    const inMemory = !dataDir || dataDir.startsWith('memory://');
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    // Loaded only here: PGlite is a development dependency, absent from the production image (decision 010).
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite({
      dataDir: inMemory ? undefined : dataDir,
      loadDataDir: options.template,
      // In memory, every page is in memory already: PostgreSQL's default 128 MB of shared buffers would copy them a
      // second time, and zeroing those buffers was half of each open's CPU (0.5 of 1.2 s; every test system opens one).
      ...(inMemory ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${IN_MEMORY_SHARED_BUFFERS}`] } : {}),
    });
    await pglite.waitReady;
    return new EmbeddedPostgres(pglite, options.logger);
  }

  /** The whole database as a tarball, for `open(…, { template })`. */
  async dump(): Promise<Blob> {
    await this.tail;
    return this.pglite.dumpDataDir('none');
  }

  /** A Kysely dialect whose every query runs in `schema`. */
  dialect(schema: string): Dialect {
    return {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new SchemaDriver(this, schema),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    };
  }

  async close(): Promise<void> {
    await this.tail;
    await this.pglite.close();
  }

  /** Waits for the connection, then points it at `schema`; `release` hands it to the next caller. */
  async acquire(schema: string): Promise<{ connection: DatabaseConnection; release: () => void }> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    await this.waitFor(previous, schema);
    this.holder = { schema, since: Date.now() };
    try {
      if (this.currentSchema !== schema) {
        await this.pglite.exec(`set search_path to ${schema}`);
        this.currentSchema = schema;
      }
    } catch (error) {
      this.holder = undefined;
      release();
      throw error;
    }
    return {
      connection: new PGliteConnection(this.pglite),
      release: () => {
        this.holder = undefined;
        release();
      },
    };
  }

  private async waitFor(previous: Promise<void>, schema: string): Promise<void> {
    const timer = setTimeout(() => {
      const holder = this.holder;
      this.logger?.warn(
        { waiting: schema, holder: holder?.schema, heldMs: holder ? Date.now() - holder.since : undefined },
        'embedded database busy: a transaction has held the only connection for long (a call to another service inside a transaction?)',
      );
    }, SLOW_WAIT_MS);
    timer.unref();
    try {
      await previous;
    } finally {
      clearTimeout(timer);
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return result.affectedRows ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) } : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield -- Kysely requires the method; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

class SchemaDriver implements Driver {
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly database: EmbeddedPostgres,
    private readonly schema: string,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const { connection, release } = await this.database.acquire(this.schema);
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }

  // The PGlite belongs to EmbeddedPostgres, which outlives each service's Kysely.
  async destroy(): Promise<void> {}
}
