import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@vi/platform-bus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      uuid uuid primary key,
      kind text not null check (kind in ('basic', 'advanced')),
      company_uuid uuid not null,
      -- sha256 of the link's token: the token itself is derived from the uuid
      -- with SHARE_LINK_SECRET and never stored (decision 015).
      token_hash text not null unique,
      type text not null check (type in ('collaborative', 'open')),
      status text not null check (status in ('active', 'inactive')),
      -- The interview of a basic link (one live basic link per interview).
      basic_interview_uuid uuid,
      reviewer_name text,
      reviewer_email text,
      send_email boolean not null default false,
      created_by uuid not null,
      updated_by uuid not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz,
      version int not null default 1,
      check ((kind = 'basic') = (basic_interview_uuid is not null)),
      check ((kind = 'advanced') = (reviewer_email is not null))
    )`.execute(db);
  // Two concurrent POSTs for one interview: the second insert fails on this
  // index and returns the first link.
  await sql`create unique index share_links_one_basic on share_links (basic_interview_uuid) where deleted_at is null`.execute(db);
  await sql`create index share_links_advanced_by_company on share_links (company_uuid, created_at desc, uuid desc) where kind = 'advanced' and deleted_at is null`.execute(
    db,
  );

  await sql`
    create table share_link_interviews (
      uuid uuid primary key,
      share_link_uuid uuid not null references share_links (uuid),
      interview_uuid uuid not null,
      position int not null,
      -- What the interview showed when shared, for the events (notification emails).
      job_uuid uuid,
      job_title text,
      candidate_name text,
      unique (share_link_uuid, interview_uuid)
    )`.execute(db);
  await sql`create index share_link_interviews_by_interview on share_link_interviews (interview_uuid)`.execute(db);

  await sql`create table processed_events (event_id uuid primary key, processed_at timestamptz not null)`.execute(db);
  await createOutboxTable(db);
}
