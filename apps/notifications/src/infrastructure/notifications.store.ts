import type { Kysely } from '@vi/platform-postgres';
import type { NotificationsRepositories, NotificationsStore } from '../application/store';
import { CalendarRepository } from './calendar.repository';
import { DeliveryRepository } from './delivery.repository';
import { EventLedger } from './event-ledger.repository';
import { MessageRepository } from './message.repository';
import type { NotificationsDatabase } from './notifications.database';
import { WebhookRepository } from './webhook.repository';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlNotificationsRepositories(db: Kysely<NotificationsDatabase>): NotificationsRepositories {
  return {
    webhooks: new WebhookRepository(db),
    deliveries: new DeliveryRepository(db),
    messages: new MessageRepository(db),
    ledger: new EventLedger(db),
    calendars: new CalendarRepository(db),
  };
}

/** The schema's entry point: `read` repositories on the pool, or a transaction's. Notifications publishes no events (no outbox). */
export function createNotificationsStore(db: Kysely<NotificationsDatabase>): NotificationsStore {
  return {
    read: sqlNotificationsRepositories(db),
    transaction: (work) => db.transaction().execute((trx) => work(sqlNotificationsRepositories(trx))),
  };
}
