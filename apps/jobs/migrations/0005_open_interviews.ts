import { sql, type Kysely } from 'kysely';

/**
 * Decision 045: a job's open interview lives on its row (`open_interview`, null until first turned on; its questions
 * are read with the job and never alone), found by its link's uuid through a unique index. Applications are kept one
 * per email per open interview: the row is claimed before the interview is created, so a repeat or a race creates
 * nothing twice, and `resent_at` bounds how often a repeat re-sends the invitation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table jobs add column open_interview jsonb`.execute(db);
  await sql`create unique index jobs_open_interview_uuid on jobs (((open_interview ->> 'uuid')::uuid)) where open_interview is not null`.execute(db);
  await sql`
    create table open_interview_applications (
      open_interview_uuid uuid not null,
      email_key text not null,
      interview_uuid uuid,
      claimed_at timestamptz not null,
      resent_at timestamptz,
      primary key (open_interview_uuid, email_key)
    )`.execute(db);
}
