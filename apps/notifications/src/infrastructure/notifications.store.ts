import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import { CalendarRepository } from './calendar.repository';
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

  /**
   * Marks the event processed and, the first time, remembers it as the company's last of its type, in one
   * statement (the webhook fan-out of every event): true the first time `consumer` handles it, false for a redelivery.
   */
  async markProcessedRememberingLast(consumer: string, last: LastNotificationRow): Promise<boolean> {
    const result = await sql<{ first: number }>`
      with first as (
        insert into processed_events (consumer, event_id, processed_at) values (${consumer}, ${last.event_id}, ${new Date()})
        on conflict (consumer, event_id) do nothing
        returning event_id
      ), remembered as (
        insert into last_notifications (company_uuid, event_type, event_id, payload_type, resource_uuid, body, occurred_at)
        select ${last.company_uuid}::uuid, ${last.event_type}, event_id, ${last.payload_type}, ${last.resource_uuid}, ${last.body}, ${last.occurred_at}::timestamptz
        from first
        on conflict (company_uuid, event_type) do update set
          event_id = excluded.event_id, payload_type = excluded.payload_type, resource_uuid = excluded.resource_uuid,
          body = excluded.body, occurred_at = excluded.occurred_at
      )
      select count(*)::int as first from first`.execute(this.db);
    return result.rows[0].first > 0;
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
  readonly calendars: CalendarRepository;

  constructor(readonly db: Kysely<NotificationsDatabase>) {
    this.webhooks = new WebhookRepository(db);
    this.deliveries = new DeliveryRepository(db);
    this.messages = new MessageRepository(db);
    this.ledger = new EventLedger(db);
    this.calendars = new CalendarRepository(db);
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
