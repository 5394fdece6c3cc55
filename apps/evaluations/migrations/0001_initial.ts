import { sql, type Kysely } from 'kysely';
import { addOutboxClaims, addOutboxTraceContext, createOutboxTable } from '@vi/platform-bus';

/** Decision 070: scorecards and their criteria, evaluations, comments, decisions; the outbox and the consumers' ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scorecards (
      job_uuid uuid primary key,
      company_uuid uuid not null,
      visibility text not null check (visibility in ('after_submit', 'always')),
      updated_by uuid not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table criteria (
      uuid uuid primary key,
      job_uuid uuid not null references scorecards (job_uuid) on delete cascade,
      position int not null,
      name text not null,
      description text not null,
      unique (job_uuid, position)
    )`.execute(db);

  await sql`
    create table evaluations (
      uuid uuid primary key,
      interview_uuid uuid not null,
      company_uuid uuid not null,
      evaluator_type text not null check (evaluator_type in ('user', 'reviewer')),
      -- A company user's uuid, or a reviewer's share link's uuid.
      evaluator_uuid uuid not null,
      -- As it was when written: a deleted user's card keeps it.
      evaluator_name text not null,
      status text not null check (status in ('draft', 'submitted')),
      recommendation text check (recommendation in ('strong_yes', 'yes', 'no', 'definitely_not', 'no_decision')),
      overall_rating smallint check (overall_rating between 1 and 5),
      -- [{criterion_uuid, rating}]: ratings of criteria removed from the card since are kept.
      ratings jsonb not null default '[]',
      note text,
      submitted_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'submitted') = (submitted_at is not null)),
      -- One evaluation per evaluator and interview: two concurrent first saves make one row.
      constraint evaluations_one_per_evaluator unique (interview_uuid, evaluator_type, evaluator_uuid)
    )`.execute(db);

  await sql`
    create table comments (
      uuid uuid primary key,
      interview_uuid uuid not null,
      company_uuid uuid not null,
      author_type text not null check (author_type in ('user', 'reviewer')),
      author_uuid uuid not null,
      author_name text not null,
      text text not null,
      take_uuid uuid,
      recording_uuid uuid,
      at_ms int check (at_ms >= 0),
      -- [{uuid, name}]
      mentions jsonb not null default '[]',
      created_at timestamptz not null,
      check (take_uuid is null or recording_uuid is null),
      check (at_ms is null or take_uuid is not null or recording_uuid is not null)
    )`.execute(db);
  await sql`create index comments_by_interview on comments (interview_uuid, created_at, uuid)`.execute(db);

  await sql`
    create table decisions (
      interview_uuid uuid primary key,
      company_uuid uuid not null,
      decision text not null check (decision in ('advance', 'reject', 'hold')),
      decided_by_uuid uuid not null,
      decided_by_name text not null,
      decided_at timestamptz not null
    )`.execute(db);

  await sql`create table processed_events (event_id uuid primary key, processed_at timestamptz not null)`.execute(db);
  await createOutboxTable(db);
  await addOutboxTraceContext(db);
  await addOutboxClaims(db);
}
