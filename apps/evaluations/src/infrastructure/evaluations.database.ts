import type { OutboxTable } from '@vi/platform-bus';
import type { ColumnType } from '@vi/platform-postgres';

/** A jsonb column: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Row types of the `evaluations` schema, for Kysely. */
export interface EvaluationsDatabase {
  scorecards: {
    job_uuid: string;
    company_uuid: string;
    visibility: 'after_submit' | 'always';
    updated_by: string;
    updated_at: Date;
  };
  criteria: {
    uuid: string;
    job_uuid: string;
    position: number;
    name: string;
    description: string;
  };
  evaluations: {
    uuid: string;
    interview_uuid: string;
    company_uuid: string;
    evaluator_type: 'user' | 'reviewer';
    evaluator_uuid: string;
    evaluator_name: string;
    status: 'draft' | 'submitted';
    recommendation: 'strong_yes' | 'yes' | 'no' | 'definitely_not' | 'no_decision' | null;
    overall_rating: number | null;
    ratings: Json<{ criterion_uuid: string; rating: number }[]>;
    note: string | null;
    submitted_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  comments: {
    uuid: string;
    interview_uuid: string;
    company_uuid: string;
    author_type: 'user' | 'reviewer';
    author_uuid: string;
    author_name: string;
    text: string;
    take_uuid: string | null;
    recording_uuid: string | null;
    at_ms: number | null;
    mentions: Json<{ uuid: string; name: string }[]>;
    created_at: Date;
  };
  decisions: {
    interview_uuid: string;
    company_uuid: string;
    decision: 'advance' | 'reject' | 'hold';
    decided_by_uuid: string;
    decided_by_name: string;
    decided_at: Date;
  };
  processed_events: { event_id: string; processed_at: Date };
  outbox: OutboxTable;
}
