import { createLogger } from '@vi/platform-logger';
import type { Database, StatementLog } from '@vi/platform-postgres';
import { openMigratedTestDatabase } from '@vi/platform-testing';
import { notificationsMigrations } from '../migrations';
import type { NotificationsDatabase } from '../src/infrastructure/notifications.database';
import type { NotificationsStore } from '../src/application/store';
import { createNotificationsStore } from '../src/infrastructure/notifications.store';

export const testLogger = createLogger('notifications-test', 'silent');

export interface NotificationsTestDatabase extends Database<NotificationsDatabase> {
  store: NotificationsStore;
  /** Empties every table, so each test starts from nothing. */
  clear(): Promise<void>;
}

/** The notifications schema on PGlite, or on PostgreSQL with TEST_DATABASE_URL, for one spec file. */
/** `statements`: records what the repositories send (the SQL snapshots, decision 068). */
export async function openNotificationsTestDatabase(statements?: StatementLog): Promise<NotificationsTestDatabase> {
  const database = await openMigratedTestDatabase<NotificationsDatabase>('notifications', notificationsMigrations);
  return {
    ...database,
    store: createNotificationsStore(statements ? statements.recording(database.db) : database.db),
    clear: async () => {
      for (const table of ['delivery_attempts', 'deliveries', 'messages', 'last_notifications', 'processed_events', 'webhooks', 'interview_calendars'] as const)
        await database.db.deleteFrom(table).execute();
    },
  };
}
