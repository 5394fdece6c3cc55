import { sql, type Kysely } from 'kysely';

/**
 * Decision 045: an application's claim keeps what its interview is made from (the applicant and the due time) until
 * the interview is attached or refused, so that jobs' resume sweep makes an interview whose creation the answer did
 * not see through (a failure of interviews, a process stopped right after answering). Null once attached or refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table open_interview_applications add column pending jsonb`.execute(db);
  // The sweep's query: claims still to be made, oldest first.
  await sql`create index open_interview_applications_pending on open_interview_applications (claimed_at) where pending is not null and interview_uuid is null`.execute(
    db,
  );
}
