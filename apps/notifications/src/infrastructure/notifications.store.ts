import type { Kysely, Selectable } from '@vi/platform-postgres';
import { DeliveryRepository } from './delivery.repository';
import { MessageRepository } from './message.repository';
import type { NotificationsDatabase } from './notifications.database';
import { WebhookRepository } from './webhook.repository';

export type LastNotificationRow = Selectable<NotificationsDatabase['last_notifications']>;

/** Consumers' idempotency and the last notification per type: small enough to share one class. */
export class EventLedger {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  /** True the first time `consumer` handles `eventId`; false for a redelivered event. */
  async markProcessed(consumer: string, eventId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('processed_events')
      .values({ consumer, event_id: eventId, processed_at: new Date() })
      .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async rememberLast(row: LastNotificationRow): Promise<void> {
    await this.db
      .insertInto('last_notifications')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['company_uuid', 'event_type']).doUpdateSet({
          event_id: row.event_id,
          payload_type: row.payload_type,
          resource_uuid: row.resource_uuid,
          body: row.body,
          occurred_at: row.occurred_at,
        }),
      )
      .execute();
  }

  async lastOf(companyUuid: string, eventType: string): Promise<LastNotificationRow | undefined> {
    return this.db.selectFrom('last_notifications').selectAll().where('company_uuid', '=', companyUuid).where('event_type', '=', eventType).executeTakeFirst();
  }
}

/** Repositories bound to one connection or transaction. */
export class NotificationsRepositories {
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
  readonly messages: MessageRepository;
  readonly ledger: EventLedger;

  constructor(readonly db: Kysely<NotificationsDatabase>) {
    this.webhooks = new WebhookRepository(db);
    this.deliveries = new DeliveryRepository(db);
    this.messages = new MessageRepository(db);
    this.ledger = new EventLedger(db);
  }
}

/** The schema's entry point: `read` repositories on the pool, or a transaction's. Notifications publishes no events (no outbox). */
export class NotificationsStore {
  readonly read: NotificationsRepositories;

  constructor(private readonly db: Kysely<NotificationsDatabase>) {
    this.read = new NotificationsRepositories(db);
  }

  transaction<T>(work: (tx: NotificationsRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new NotificationsRepositories(trx)));
  }
}
