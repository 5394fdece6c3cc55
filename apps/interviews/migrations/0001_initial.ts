import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@vi/platform-bus';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Projections of other services' data that interviews show and sort on,
  // written at creation and kept current from their events.
  await sql`
    create table job_posts (
      uuid uuid primary key,
      company_uuid uuid not null,
      title text not null,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      status_updated_at timestamptz not null,
      created_by jsonb,
      location jsonb
    )`.execute(db);
  await sql`
    create table people (
      uuid uuid primary key,
      name text not null,
      email text not null,
      avatar text not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table companies (
      uuid uuid primary key,
      name text not null,
      avatar text not null
    )`.execute(db);

  await sql`
    create table interviews (
      uuid uuid primary key,
      company_uuid uuid not null references companies (uuid),
      type text not null check (type in ('one_way', 'live')),
      status text not null check (status in ('requested', 'accepted', 'completed', 'expired', 'canceled')),
      scheduled_at timestamptz not null,
      completed_at timestamptz,
      accepted_at timestamptz,
      rating numeric(2, 1),
      rated_by uuid,
      rated_at timestamptz,
      timezone text not null,
      email_message text not null,
      phone text,
      phone_parsed text,
      has_sms_consent boolean not null,
      job_uuid uuid not null references job_posts (uuid),
      candidate_uuid uuid not null references people (uuid),
      created_by uuid not null references people (uuid),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz,
      -- Sort keys copied from the projections (kept current with them), so a
      -- sorted page is one index scan; byte order, case-insensitive.
      candidate_key text collate "C" not null,
      job_key text collate "C" not null,
      company_key text collate "C" not null
    )`.execute(db);
  for (const key of ['scheduled_at', 'completed_at', 'updated_at', 'candidate_key', 'job_key', 'company_key']) {
    await sql`create index ${sql.id(`interviews_by_${key}`)} on interviews (company_uuid, ${sql.id(key)}, uuid) where deleted_at is null`.execute(db);
  }
  // completed_desc puts interviews not completed yet last, as completed_asc does: its own index.
  await sql`create index interviews_by_completed_desc on interviews (company_uuid, completed_at desc nulls last, uuid desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index interviews_by_status_scheduled on interviews (company_uuid, status, scheduled_at, uuid) where deleted_at is null`.execute(db);
  await sql`create index interviews_by_candidate on interviews (candidate_uuid)`.execute(db);
  await sql`create index interviews_by_job on interviews (job_uuid)`.execute(db);
  // The expiry sweep: interviews still open whose due time has passed.
  await sql`create index interviews_due on interviews (scheduled_at) where status in ('requested', 'accepted') and deleted_at is null`.execute(db);

  await sql`
    create table interview_counters (
      company_uuid uuid not null,
      type text not null,
      status text not null,
      count int not null default 0 check (count >= 0),
      primary key (company_uuid, type, status)
    )`.execute(db);

  await sql`
    create table interview_questions (
      uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      position int not null,
      text text not null,
      time_limit int not null,
      takes_limit int not null,
      takes_completed int not null default 0,
      completed boolean not null default false,
      skipped boolean not null default false,
      started_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index interview_questions_by_interview on interview_questions (interview_uuid, position)`.execute(db);

  await sql`
    create table question_sets (
      uuid uuid primary key,
      company_uuid uuid not null,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index question_sets_by_company on question_sets (company_uuid, created_at, uuid) where deleted_at is null`.execute(db);
  await sql`
    create table question_set_questions (
      uuid uuid primary key,
      question_set_uuid uuid not null references question_sets (uuid),
      position int not null,
      text text not null,
      time_limit int not null,
      takes int not null,
      think_time text not null
    )`.execute(db);
  await sql`create index question_set_questions_by_set on question_set_questions (question_set_uuid, position)`.execute(db);

  await sql`
    create table takes (
      uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      question_uuid uuid not null references interview_questions (uuid),
      number int not null,
      content_type text not null,
      size bigint not null,
      duration_seconds numeric(6, 2) not null,
      storage_key text not null,
      created_at timestamptz not null,
      unique (question_uuid, number)
    )`.execute(db);

  // Events of other services already applied (consumers are idempotent on the event id).
  await sql`create table processed_events (event_id uuid primary key, processed_at timestamptz not null)`.execute(db);

  await createOutboxTable(db);
}
