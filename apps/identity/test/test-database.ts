import type { Database, StatementLog } from '@vi/platform-postgres';
import { openMigratedTestDatabase } from '@vi/platform-testing';
import { identityMigrations } from '../migrations';
import type { IdentityDatabase } from '../src/infrastructure/identity.database';
import type { IdentityStore } from '../src/application/store';
import { createIdentityStore } from '../src/infrastructure/identity.store';

export interface IdentityTestDatabase extends Database<IdentityDatabase> {
  /** The store as the service builds it; its events stay in the outbox (no relay runs). */
  store: IdentityStore;
  /** The events recorded so far, oldest first: what the relay would publish. */
  outbox(): Promise<Array<{ subject: string; payload: unknown }>>;
  /** Empties every table but the plan catalogue, so each test starts from nothing. */
  clear(): Promise<void>;
}

/** The identity schema on PGlite, or on PostgreSQL with TEST_DATABASE_URL, for one spec file. */
/** `statements`: records what the repositories send (the SQL snapshots, decision 068). */
export async function openIdentityTestDatabase(statements?: StatementLog): Promise<IdentityTestDatabase> {
  const database = await openMigratedTestDatabase<IdentityDatabase>('identity', identityMigrations);
  return {
    ...database,
    store: createIdentityStore(statements ? statements.recording(database.db) : database.db, { kick: () => undefined }),
    outbox: () => database.db.selectFrom('outbox').select(['subject', 'payload']).orderBy('seq').execute(),
    clear: async () => {
      for (const table of ['sessions', 'sign_in_failures', 'user_passwords', 'set_password_tokens', 'api_keys', 'users', 'companies', 'outbox'] as const)
        await database.db.deleteFrom(table).execute();
    },
  };
}
