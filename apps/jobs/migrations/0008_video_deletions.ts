import { sql, type Kysely } from 'kysely';

/**
 * Decision 061: job videos' objects waiting to leave media storage, found by the retention sweep through their time.
 * Objects left behind before this migration (a failed delete was only logged) are not listed: the log names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table video_deletions (storage_key text primary key, delete_after timestamptz not null)`.execute(db);
  await sql`create index video_deletions_due on video_deletions (delete_after)`.execute(db);
}
