import { sql, type Kysely } from 'kysely';

/**
 * Transcription (issue 43, decision 073), what interviews keeps of it: each company's effective setting, from
 * `transcription.settings.changed` (the newest event wins), to say on the candidate pages and in the invitation that
 * answers are transcribed; and each done transcript's text search vector, per take or recording, in the text search
 * configuration of its interview's language, for `GET /interviews?q=`. The text itself stays the transcription
 * service's: only the vector is kept here, deleted with the interview, its reset, its job seeker's erasure and the
 * retention purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table company_transcription (
      company_uuid uuid primary key,
      transcription boolean not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`
    create table transcript_search (
      source_uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      config text not null check (config in ('english', 'spanish', 'french', 'german', 'simple')),
      vector tsvector not null,
      transcribed_at timestamptz not null
    )`.execute(db);
  await sql`create index transcript_search_by_interview on transcript_search (interview_uuid)`.execute(db);
}
