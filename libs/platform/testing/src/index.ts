import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Test infrastructure: real servers when `TEST_DATABASE_URL`, `TEST_NATS_URL`
 * and `TEST_REDIS_URL` are set (CI), the embedded defaults otherwise. Every
 * run gets its own database, stream and key prefix, and removes them after.
 */
export const testServers = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  natsUrl: process.env.TEST_NATS_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
};

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  /** The fresh database's URL, or undefined for in-memory PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A freshly created PostgreSQL database (dropped by `drop`), or in-memory PGlite without a server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testServers.databaseUrl) return { url: undefined, drop: async () => undefined };
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
