import { sql, type Kysely } from '@vi/platform-postgres';
import type { LastNotificationRow } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

/** Consumers' idempotency and the last notification per type. */
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
