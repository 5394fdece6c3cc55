import { prepared, sql, type Kysely } from '@vi/platform-postgres';
import type { LastNotificationRow } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

/** Consumers' idempotency and the last notification per type. */
export class EventLedger {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  /** True the first time `consumer` handles `eventId`; false for a redelivered event. */
  async markProcessed(consumer: string, eventId: string): Promise<boolean> {
    return (await this.markProcessedMany(consumer, [eventId])).has(eventId);
  }

  /** The events among these that `consumer` handles for the first time, all marked processed in one statement. */
  async markProcessedMany(consumer: string, eventIds: string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const { rows } = await prepared(sql<{ event_id: string }>`
      insert into processed_events (consumer, event_id, processed_at)
      select ${consumer}, event_id, ${new Date()}::timestamptz from unnest(${eventIds}::text[]) as event_id
      on conflict (consumer, event_id) do nothing
      returning event_id`).execute(this.db);
    return new Set(rows.map((r) => r.event_id));
  }

  /**
   * Marks the event processed and, the first time, remembers it as the company's last of its type, in one
   * statement (the webhook fan-out of every event): true the first time `consumer` handles it, false for a redelivery.
   */
  async markProcessedRememberingLast(consumer: string, last: LastNotificationRow): Promise<boolean> {
    return (await this.markProcessedRememberingLastMany(consumer, [last])).has(last.event_id);
  }

  /**
   * The same for several events in one statement (arrays as parameters, so one text whatever their number): of those
   * handled for the first time, the one given last for a company and type is remembered (an `on conflict do update`
   * may touch a row once per statement).
   */
  async markProcessedRememberingLastMany(consumer: string, lasts: LastNotificationRow[]): Promise<Set<string>> {
    if (lasts.length === 0) return new Set();
    const column = <K extends keyof LastNotificationRow>(key: K) => lasts.map((l) => l[key]);
    const { rows } = await prepared(sql<{ event_id: string }>`
      with input as (
        select * from unnest(${column('event_id')}::text[], ${column('company_uuid')}::uuid[], ${column('event_type')}::text[],
          ${column('payload_type')}::text[], ${column('resource_uuid')}::text[], ${column('body')}::text[],
          ${lasts.map((l) => l.occurred_at.toISOString())}::timestamptz[])
          with ordinality as i(event_id, company_uuid, event_type, payload_type, resource_uuid, body, occurred_at, n)
      ), first as (
        insert into processed_events (consumer, event_id, processed_at)
        select ${consumer}, event_id, ${new Date()}::timestamptz from input
        on conflict (consumer, event_id) do nothing
        returning event_id
      ), remembered as (
        insert into last_notifications (company_uuid, event_type, event_id, payload_type, resource_uuid, body, occurred_at)
        select distinct on (i.company_uuid, i.event_type) i.company_uuid, i.event_type, i.event_id, i.payload_type, i.resource_uuid, i.body, i.occurred_at
        from input i join first f on f.event_id = i.event_id
        order by i.company_uuid, i.event_type, i.n desc
        on conflict (company_uuid, event_type) do update set
          event_id = excluded.event_id, payload_type = excluded.payload_type, resource_uuid = excluded.resource_uuid,
          body = excluded.body, occurred_at = excluded.occurred_at
      )
      select event_id from first`).execute(this.db);
    return new Set(rows.map((r) => r.event_id));
  }

  async lastOf(companyUuid: string, eventType: string): Promise<LastNotificationRow | undefined> {
    return this.db.selectFrom('last_notifications').selectAll().where('company_uuid', '=', companyUuid).where('event_type', '=', eventType).executeTakeFirst();
  }
}
