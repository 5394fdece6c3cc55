import { sql, type Kysely } from 'kysely';

/**
 * Recordings of live interviews' calls (decision 040). Parts are kept as they arrive, one row and one media
 * object each, until the recording ends and they are joined into one video (`storage_key`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table recordings (
      uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      content_type text not null,
      state text not null check (state in ('recording', 'finishing', 'ended')),
      started_at timestamptz not null,
      last_activity_at timestamptz not null,
      ended_at timestamptz,
      duration_seconds numeric(9, 2),
      parts int not null default 0,
      size bigint not null default 0,
      storage_key text
    )`.execute(db);
  await sql`create index recordings_by_interview on recordings (interview_uuid, started_at)`.execute(db);
  // The idle finisher's scan: only recordings not yet ended.
  await sql`create index recordings_unfinished on recordings (last_activity_at) where state <> 'ended'`.execute(db);
  await sql`
    create table recording_parts (
      recording_uuid uuid not null references recordings (uuid) on delete cascade,
      number int not null,
      size bigint not null,
      storage_key text not null,
      primary key (recording_uuid, number)
    )`.execute(db);
}
