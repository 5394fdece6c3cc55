import { sql, type Kysely } from 'kysely';

/**
 * Sort indexes that lead with type and status, so a filtered page is an exact
 * index range per (type, status) pair, merged by the list query
 * (bench/README.md: with the first indexes, filters whose rows sit at one end
 * of the sort, e.g. open interviews in scheduled_asc, read half the table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const key of ['scheduled_at', 'completed_at', 'updated_at', 'candidate_key', 'job_key', 'company_key']) {
    await sql`create index ${sql.id(`interviews_by_type_status_${key}`)} on interviews (company_uuid, type, status, ${sql.id(key)}, uuid) where deleted_at is null`.execute(
      db,
    );
  }
  await sql`create index interviews_by_type_status_completed_desc on interviews (company_uuid, type, status, completed_at desc nulls last, uuid desc) where deleted_at is null`.execute(
    db,
  );
  for (const old of [
    'interviews_by_scheduled_at',
    'interviews_by_completed_at',
    'interviews_by_completed_desc',
    'interviews_by_updated_at',
    'interviews_by_candidate_key',
    'interviews_by_job_key',
    'interviews_by_company_key',
    'interviews_by_status_scheduled',
  ]) {
    await sql`drop index if exists ${sql.id(old)}`.execute(db);
  }
}
