import { sql, type Kysely } from 'kysely';

/**
 * Decision 041: a live interview's calendar invitation goes with its emails (`messages.calendar`, serialized when
 * sent, the bearer link put in place then), and each interview's SEQUENCE is counted here: raised by every
 * reschedule and by the cancellation, in the transaction that records the event as handled. `changed_at` is the
 * interview's `updated_at` in the event that set it, so that an older event handled late changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column calendar jsonb`.execute(db);
  await sql`
    create table interview_calendars (
      interview_uuid uuid primary key,
      sequence integer not null check (sequence >= 0),
      changed_at timestamptz not null,
      canceled boolean not null default false
    )`.execute(db);
}
