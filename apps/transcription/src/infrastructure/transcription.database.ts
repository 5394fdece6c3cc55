import type { OutboxTable } from '@vi/platform-bus';
import type { ColumnType } from '@vi/platform-postgres';

/** A jsonb column: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Row types of the `transcription` schema, for Kysely. */
export interface TranscriptionDatabase {
  transcripts: {
    uuid: string;
    company_uuid: string;
    interview_uuid: string;
    source_kind: 'take' | 'recording';
    source_uuid: string;
    question_uuid: string | null;
    language: string;
    content_type: string;
    status: 'pending' | 'done' | 'failed';
    text: string;
    segments: Json<{ start_ms: number; end_ms: number; text: string }[]>;
    attempts: number;
    next_attempt_at: Date | null;
    lease_until: Date | null;
    failure: string | null;
    created_at: Date;
    updated_at: Date;
  };
  company_settings: {
    company_uuid: string;
    transcription: boolean;
    updated_at: Date;
  };
  processed_events: { event_id: string; processed_at: Date };
  outbox: OutboxTable;
}
