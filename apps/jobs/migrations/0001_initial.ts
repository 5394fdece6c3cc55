import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@vi/platform-bus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table locations (
      uuid uuid primary key,
      company_uuid uuid not null,
      formatted_address text not null,
      city text,
      state text,
      country text,
      work_mode text,
      work_place text,
      created_at timestamptz not null
    )`.execute(db);
  // Equal addresses (ignoring case) in one company are one location.
  await sql`create unique index locations_company_address on locations (company_uuid, lower(formatted_address))`.execute(db);

  // Per-company counts: the row lock serializes slot checks, and list totals need no count scan.
  await sql`
    create table company_job_counters (
      company_uuid uuid primary key,
      active int not null default 0 check (active >= 0),
      inactive int not null default 0 check (inactive >= 0)
    )`.execute(db);

  await sql`
    create table jobs (
      uuid uuid primary key,
      company_uuid uuid not null,
      title text not null,
      description text not null,
      status text not null check (status in ('active', 'inactive')),
      location_uuid uuid not null references locations (uuid),
      location_address text not null,
      created_by uuid not null,
      status_updated_by uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      status_updated_at timestamptz not null,
      deleted_at timestamptz,
      -- Sort keys: case-insensitive, byte-ordered, so the order is the same on every server.
      title_key text collate "C" generated always as (lower(title)) stored,
      location_key text collate "C" generated always as (lower(location_address)) stored
    )`.execute(db);

  // One index per sort, with and without the status filter; the uuid breaks ties.
  for (const key of ['title_key', 'location_key', 'created_at', 'updated_at']) {
    await sql`create index ${sql.id(`jobs_by_${key}`)} on jobs (company_uuid, ${sql.id(key)}, uuid) where deleted_at is null`.execute(db);
    await sql`create index ${sql.id(`jobs_by_status_${key}`)} on jobs (company_uuid, status, ${sql.id(key)}, uuid) where deleted_at is null`.execute(db);
  }

  await createOutboxTable(db);
}
