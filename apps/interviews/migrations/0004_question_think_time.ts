import { sql, type Kysely } from 'kysely';

/**
 * Interview questions carry the think time of the question they were copied
 * from (decision 013: seconds to read before recording starts, a string). Rows
 * from before get the default, "30"; the set they came from is not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interview_questions add column think_time text not null default '30'`.execute(db);
}
