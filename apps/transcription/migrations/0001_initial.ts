import { sql, type Kysely } from 'kysely';
import { addOutboxClaims, addOutboxTraceContext, createOutboxTable } from '@vi/platform-bus';

/** Decision 073: transcripts of takes and call recordings (their work queue too), companies' settings; the outbox and the consumers' ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table transcripts (
      uuid uuid primary key,
      company_uuid uuid not null,
      interview_uuid uuid not null,
      source_kind text not null check (source_kind in ('take', 'recording')),
      -- The take's or the recording's uuid: one transcript each.
      source_uuid uuid not null unique,
      -- A take's question; null for a recording.
      question_uuid uuid,
      language text not null,
      content_type text not null,
      status text not null check (status in ('pending', 'done', 'failed')),
      text text not null default '',
      -- [{start_ms, end_ms, text}]
      segments jsonb not null default '[]',
      -- Engine calls made for the current request (retries included).
      attempts int not null default 0,
      -- When a pending transcript is due (a retry's backoff); null once done or failed.
      next_attempt_at timestamptz,
      -- A worker holds the row until then (a crashed worker's row is claimed again after it).
      lease_until timestamptz,
      -- The engine's last answer of a failed transcript (never shown to candidates).
      failure text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((source_kind = 'take') = (question_uuid is not null))
    )`.execute(db);
  await sql`create index transcripts_by_interview on transcripts (interview_uuid)`.execute(db);
  await sql`create index transcripts_due on transcripts (next_attempt_at) where status = 'pending'`.execute(db);

  await sql`
    create table company_settings (
      company_uuid uuid primary key,
      transcription boolean not null,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`create table processed_events (event_id uuid primary key, processed_at timestamptz not null)`.execute(db);
  await createOutboxTable(db);
  await addOutboxTraceContext(db);
  await addOutboxClaims(db);
}
