import { sql, type Kysely } from 'kysely';

/**
 * Accommodations (issue 42, docs/accommodations.md): what an interview changes for its candidate — a multiplier of
 * its questions' time limits and think times, no time limit at all, takes added to each question, answers by
 * microphone only — as one `jsonb` value on the interview (null: none, the defaults), and the candidate's requests
 * for one, kept until the interview goes (or its job seeker is erased). At most three a UTC day per interview,
 * counted here under the interview's row lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table interviews
      add column accommodations jsonb
        check (
          accommodations is null
          or ((accommodations->>'time_multiplier')::numeric between 1 and 10
            and (accommodations->>'extra_takes')::int between 0 and 10
            and jsonb_typeof(accommodations->'unlimited_time') = 'boolean'
            and jsonb_typeof(accommodations->'audio_only') = 'boolean')
        )`.execute(db);
  await sql`
    create table accommodation_requests (
      uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      message text not null check (char_length(message) between 1 and 2000),
      requested_at timestamptz not null
    )`.execute(db);
  await sql`create index accommodation_requests_by_interview on accommodation_requests (interview_uuid, requested_at)`.execute(db);
}
