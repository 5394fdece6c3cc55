import { sql, type Kysely } from 'kysely';

/**
 * Decision 046: a job's video lives on its row (`video`, null without one), read with the job as its open interview
 * is; the public URL finds the job behind a video uuid through a unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table jobs add column video jsonb`.execute(db);
  await sql`create unique index jobs_video_uuid on jobs (((video ->> 'uuid')::uuid)) where video is not null`.execute(db);
}
