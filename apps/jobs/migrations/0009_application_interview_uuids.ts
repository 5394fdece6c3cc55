import { sql, type Kysely } from 'kysely';

/**
 * Decision 063: an application's interview uuid is chosen when it is first claimed, and its creation asked under it
 * every time, so a creation whose answer was lost is never made twice. Claims left before this migration get one at
 * their next claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table open_interview_applications add column claimed_interview_uuid uuid`.execute(db);
}
