import { sql, type Kysely } from 'kysely';

/**
 * Decision 023: every change to a company's jobs (created, updated, deleted) also bumps `version` on its counter
 * row, in the same transaction, so a page of the list rendered at one version is known to be current while the
 * version has not moved, on every replica.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table company_job_counters add column version bigint not null default 0`.execute(db);
}
