import { sql, type Kysely } from 'kysely';

/**
 * Decision 046: what interviews keep of a job's video (its public url, length and type), projected from jobs' events
 * with the rest of the job, so that the candidate's page can play it. Null without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table job_posts add column video jsonb`.execute(db);
}
