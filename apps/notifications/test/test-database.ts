import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase } from '@vi/platform-testing';
import { notificationsMigrations } from '../migrations';
import type { NotificationsDatabase } from '../src/infrastructure/notifications.database';
import { NotificationsStore } from '../src/infrastructure/notifications.store';

export const testLogger = createLogger('notifications-test', 'silent');

export interface NotificationsTestDatabase extends Database<NotificationsDatabase> {
  store: NotificationsStore;
  /** Empties every table, so each test starts from nothing. */
  clear(): Promise<void>;
}

/** A fresh database for one spec file (PGlite, or PostgreSQL with TEST_DATABASE_URL), migrated once (decision 027). */
export async function openNotificationsTestDatabase(): Promise<NotificationsTestDatabase> {
  const testDb = await createTestDatabase();
  const database = await openDatabase<NotificationsDatabase>({ url: testDb.url, schema: 'notifications', embedded: testDb.embedded });
  await migrateToLatest(database.db, 'notifications', notificationsMigrations, testLogger);
  return {
    ...database,
    store: new NotificationsStore(database.db),
    clear: async () => {
      for (const table of ['delivery_attempts', 'deliveries', 'messages', 'last_notifications', 'processed_events', 'webhooks'] as const) await database.db.deleteFrom(table).execute();
    },
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}
