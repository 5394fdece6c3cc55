import { sql, type Kysely } from 'kysely';
import { prepared } from '@vi/platform-postgres';

/**
 * Idempotent consumers: records `eventId` in the schema's `processed_events`
 * (`event_id` primary key) in the caller's transaction. True the first time,
 * false for a redelivered event, whose effects are then skipped. One prepared
 * statement written as SQL (decisions 048, 055): it runs for every event consumed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with a processed_events table
export async function markEventProcessed(trx: Kysely<any>, eventId: string): Promise<boolean> {
  const result = await prepared(
    sql<{ event_id: string }>`insert into processed_events (event_id, processed_at) values (${eventId}, ${new Date()})
      on conflict (event_id) do nothing returning event_id`,
  ).execute(trx);
  return result.rows.length > 0;
}
