import { sql, type Kysely } from 'kysely';

/**
 * Decision 059: a company's interview counters are sharded as its list versions are (migration 0012), by the
 * writer's connection (its backend pid modulo 16). A creation held the company's one counter row from its increment
 * to its commit (the WAL flush included), so the creations of one company ran one at a time; now two seldom wait on
 * one row. A total is the sum of the shards (it always was a sum); a shard may go below zero when an interview leaves
 * a status on another connection than the one that counted it in, so the check moves from a row to the sum, which
 * only the writes' pairing keeps (every decrement follows its increment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interview_counters add column shard smallint not null default 0`.execute(db);
  await sql`alter table interview_counters drop constraint interview_counters_pkey`.execute(db);
  await sql`alter table interview_counters add primary key (company_uuid, type, status, shard)`.execute(db);
  await sql`alter table interview_counters drop constraint interview_counters_count_check`.execute(db);
}
