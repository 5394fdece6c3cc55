import { sql, type Kysely } from 'kysely';

/**
 * Issue 38: an open interview takes at most its `applications_per_day` applications in a UTC day. One row per link and
 * day, counted up by one conditional upsert, so concurrent applications never pass the cap (the row's lock orders them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table open_interview_daily_applications (
    open_interview_uuid uuid not null,
    day text not null, -- the UTC day as YYYY-MM-DD: only a key, no date arithmetic
    count integer not null,
    primary key (open_interview_uuid, day)
  )`.execute(db);
}
