import type { AccommodationsJson, BasicShareLinkWithoutUrl, DecisionJson, InterviewSourceType } from '@vi/contracts';
import type { OutboxTable } from '@vi/platform-bus';
import type { Generated } from '@vi/platform-postgres';
import type { CompanyRow, JobPostRow, PersonRow } from '../application/store';

/** Row types of the `interviews` schema, for Kysely. */
export interface InterviewsDatabase {
  job_posts: JobPostRow;
  people: PersonRow & { updated_at: Date };
  companies: CompanyRow;
  interviews: {
    uuid: string;
    company_uuid: string;
    type: 'one_way' | 'live';
    status: 'requested' | 'accepted' | 'completed' | 'expired' | 'canceled';
    scheduled_at: Date;
    completed_at: Date | null;
    accepted_at: Date | null;
    rating: string | null;
    rated_by: string | null;
    rated_at: Date | null;
    timezone: string;
    language: Generated<string>;
    email_message: string;
    phone: string | null;
    phone_parsed: string | null;
    has_sms_consent: boolean;
    job_uuid: string;
    candidate_uuid: string;
    candidate_name: string;
    created_by: string;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
    candidate_key: string;
    job_key: string;
    company_key: string;
    /** The evaluations service's projection (migration 0017, decision 070). */
    decision: Generated<DecisionJson | null>;
    evaluations_submitted: Generated<number>;
    evaluations_started: Generated<number>;
    evaluations_cleared_at: Generated<Date | null>;
    /** Where it came from (migration 0018, decision 071). */
    source_type: Generated<InterviewSourceType>;
    source_external_id: Generated<string | null>;
    /** What it changes for its candidate (migration 0019, issue 42); null: none. */
    accommodations: Generated<AccommodationsJson | null>;
  };
  /** A candidate's requests for an accommodation (migration 0019). */
  accommodation_requests: { uuid: string; interview_uuid: string; message: string; requested_at: Date };
  company_transcription: { company_uuid: string; transcription: boolean; changed_at: Date };
  /** `vector` is a tsvector (read as its text form), written and matched in SQL only. */
  transcript_search: { source_uuid: string; interview_uuid: string; config: string; vector: string; transcribed_at: Date };
  interview_counters: { company_uuid: string; type: string; status: string; shard: Generated<number>; count: Generated<number> };
  /** A company's list version is the sum of its rows, moved by triggers (migration 0012, decision 050). */
  interview_list_versions: { company_uuid: string; shard: number; version: number };
  interview_questions: {
    uuid: string;
    interview_uuid: string;
    position: number;
    text: string;
    time_limit: number;
    takes_limit: number;
    think_time: string;
    takes_completed: Generated<number>;
    completed: Generated<boolean>;
    skipped: Generated<boolean>;
    started_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  question_sets: { uuid: string; company_uuid: string; name: string; created_at: Date; updated_at: Date; deleted_at: Date | null };
  question_set_questions: {
    uuid: string;
    question_set_uuid: string;
    position: number;
    text: string;
    time_limit: number;
    takes: number;
    think_time: string;
  };
  recordings: {
    uuid: string;
    interview_uuid: string;
    content_type: string;
    state: 'recording' | 'finishing' | 'ended';
    started_at: Date;
    last_activity_at: Date;
    ended_at: Date | null;
    duration_seconds: string | null;
    parts: Generated<number>;
    /** int8, which the drivers read as a number. */
    size: Generated<number>;
    storage_key: string | null;
  };
  live_calls: { interview_uuid: string; started_at: Date };
  chat_messages: {
    uuid: string;
    interview_uuid: string;
    number: number;
    author_uuid: string;
    author_name: string;
    author_role: 'candidate' | 'interviewer';
    text: string;
    sent_at: Date;
  };
  recording_parts: { recording_uuid: string; number: number; size: number; storage_key: string };
  takes: {
    uuid: string;
    interview_uuid: string;
    question_uuid: string;
    number: number;
    content_type: string;
    /** int8, which the drivers read as a number. */
    size: number;
    duration_seconds: string;
    storage_key: string;
    created_at: Date;
  };
  /** Basic share links, projected from the sharing service's events (null: deleted). */
  share_links: { interview_uuid: string; link: BasicShareLinkWithoutUrl | null; version: number };
  processed_events: { event_id: string; processed_at: Date };
  outbox: OutboxTable;
}
