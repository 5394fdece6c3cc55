import type { Lifecycle } from '@vi/platform-http';
import type { Logger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database, type EmbeddedPostgres, type Migration } from '@vi/platform-postgres';
import { connectEventBus } from './connect-event-bus';
import type { EventBus } from './event-bus';

/** What the all-in-one launcher shares between the services of its process (decision 002); a service alone has none. */
export interface SharedInfrastructure {
  bus?: EventBus;
  database?: EmbeddedPostgres;
  logger?: Logger;
}

/**
 * A service's storage, opened the one way: its own schema in the database (migrated before anything uses it) and
 * the event bus, the launcher's shared one or one of its own; each registered with the lifecycle, so it closes
 * after everything that uses it. What is shared is the launcher's to close.
 */
export async function openServiceStorage<DB>(
  lifecycle: Lifecycle,
  service: { schema: string; migrations: Record<string, Migration>; logger: Logger },
  config: { database: { url?: string; dataDir: string }; bus: { natsUrl?: string; streamRoot: string; replayFrom?: Date } },
  shared: SharedInfrastructure,
): Promise<{ database: Database<DB>; bus: EventBus }> {
  const { schema, migrations, logger } = service;
  const database = lifecycle.add('database', await openDatabase<DB>({ ...config.database, schema, embedded: shared.database, logger }), (d) => d.close());
  await migrateToLatest(database.db, schema, migrations, logger);
  const bus = shared.bus ?? lifecycle.add('event bus', await connectEventBus({ ...config.bus, logger }), (b) => b.close());
  return { database, bus };
}
