import type { Kysely } from 'kysely';

/**
 * Idempotent consumers: records `eventId` in the schema's `processed_events`
 * (`event_id` primary key) in the caller's transaction. True the first time,
 * false for a redelivered event, whose effects are then skipped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with a processed_events table
export async function markEventProcessed(trx: Kysely<any>, eventId: string): Promise<boolean> {
  const result = await trx
    .insertInto('processed_events')
    .values({ event_id: eventId, processed_at: new Date() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
