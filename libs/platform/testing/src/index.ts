import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { EmbeddedPostgres, migrateToLatest, openDatabase, type Database, type Migration } from '@vi/platform-postgres';

/**
 * Test infrastructure: real servers when `TEST_DATABASE_URL`, `TEST_NATS_URL`
 * and `TEST_REDIS_URL` are set (CI), the embedded defaults otherwise; take
 * videos in an S3 bucket when `TEST_MEDIA_STORAGE=s3`. Every
 * run gets its own database, stream and key prefix, and removes them after.
 */
export const testServers = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  natsUrl: process.env.TEST_NATS_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
  /** `s3`: take videos go to an S3-protocol server (s3rver) the test starts; a directory otherwise. */
  mediaStorage: process.env.TEST_MEDIA_STORAGE === 's3' ? ('s3' as const) : ('local' as const),
  /** An embedded database with every schema migrated, made once per run by jest's global setup. */
  embeddedTemplate: process.env.TEST_EMBEDDED_TEMPLATE || undefined,
};

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  /** The fresh database's URL, or undefined for the embedded one. */
  url: string | undefined;
  /** Without a server: an in-memory embedded database (from the run's migrated template when there is one). */
  embedded: EmbeddedPostgres | undefined;
  drop(): Promise<void>;
}

/** A freshly created PostgreSQL database (dropped by `drop`), or an in-memory embedded one without a server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testServers.databaseUrl) {
    const template = testServers.embeddedTemplate ? new Blob([readFileSync(testServers.embeddedTemplate)]) : undefined;
    const embedded = await EmbeddedPostgres.open('memory://', { template });
    return { url: undefined, embedded, drop: () => embedded.close() };
  }
  const name = uniqueName('vi_test');
  const admin = new Client({ connectionString: testServers.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testServers.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: undefined,
    drop: async () => {
      const c = new Client({ connectionString: testServers.databaseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A service's schema in a fresh test database (`createTestDatabase`), its migrations applied once (decision 027):
 * what an integration spec opens in `beforeAll`; `close()` drops the database.
 */
export async function openMigratedTestDatabase<DB>(schema: string, migrations: Record<string, Migration>): Promise<Database<DB>> {
  const testDb = await createTestDatabase();
  const database = await openDatabase<DB>({ url: testDb.url, schema, embedded: testDb.embedded });
  await migrateToLatest(database.db, schema, migrations);
  return {
    ...database,
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Polls `check` until it returns true or `timeoutMs` passes; returns the elapsed ms. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5_000, intervalMs = 20): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
export { startS3TestServer, type S3TestServer } from './s3-test-server';
export { describeRepositoryContract, type ContractOptions, type ContractSubject } from './repository-contract';
export { MemoryStore, memoryStore, type PublishedEvent, type Stateful } from './memory-store';
export { icalendarContentLines, parseICalendar, type ICalendarContentLine, type ParsedCalendar, type ParsedCalendarEvent } from './icalendar';
export { mp4File, webmCluster, webmFile, webmHeader, type Mp4Options, type TestVideoOptions, type WebmBlock, type WebmOptions } from './video-files';
export { MemoryMediaStorage } from './memory-media';
export {
  parseMultipart,
  STAND_IN_SEGMENT_SECONDS,
  TranscriptionEngineStandIn,
  type EngineAnswerSegment,
  type EngineRequest,
  type TranscriptionEngineStandInOptions,
} from './transcription-engine-stand-in';
