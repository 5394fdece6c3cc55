import type { OutboxTable } from '@vi/platform-bus';
import type { Applicant } from '../application/ports';
import type { ColumnType, Generated } from '@vi/platform-postgres';

/** `open_interview_applications.pending` as stored (jsonb). */
export interface PendingApplicationColumn {
  applicant: Applicant;
  scheduled_at: string;
}

/** Row types of the `jobs` schema, for Kysely. */
export interface JobsDatabase {
  locations: {
    uuid: string;
    company_uuid: string;
    formatted_address: string;
    city: string | null;
    state: string | null;
    country: string | null;
    work_mode: string | null;
    work_place: string | null;
    created_at: Date;
  };
  company_job_counters: {
    company_uuid: string;
    active: Generated<number>;
    inactive: Generated<number>;
    version: Generated<number>;
  };
  jobs: {
    uuid: string;
    company_uuid: string;
    title: string;
    description: string;
    status: 'active' | 'inactive';
    location_uuid: string;
    location_address: string;
    location_city: string | null;
    location_state: string | null;
    location_country: string | null;
    work_mode: string | null;
    work_place: string | null;
    created_by: string;
    status_updated_by: string;
    created_at: Date;
    updated_at: Date;
    status_updated_at: Date;
    deleted_at: Date | null;
    /** Decision 045; written as JSON text, read back parsed. */
    open_interview: ColumnType<StoredOpenInterview | null, string | null, string | null>;
    /** Decision 046; written as JSON text, read back parsed. */
    video: ColumnType<StoredJobVideo | null, string | null, string | null>;
    // Generated columns carry no not-null constraint of their own (never null here: their sources are not null).
    title_key: Generated<string | null>;
    location_key: Generated<string | null>;
  };
  open_interview_applications: {
    open_interview_uuid: string;
    email_key: string;
    interview_uuid: string | null;
    /** Decision 063: the uuid its interview is created under, from its first claim on (null only before it). */
    claimed_interview_uuid: string | null;
    claimed_at: Date;
    resent_at: Date | null;
    /** Migration 0011: what its interview is made from, until attached or refused (`PendingApplication`, its date as RFC 3339). */
    pending: ColumnType<PendingApplicationColumn | null, string | null, string | null>;
  };
  /** Issue 38: applications counted per open interview and UTC day, against its `applications_per_day`. */
  open_interview_daily_applications: {
    open_interview_uuid: string;
    day: string;
    count: number;
  };
  /** Decision 061. */
  video_deletions: {
    storage_key: string;
    delete_after: Date;
  };
  outbox: OutboxTable;
}

/** A job's open interview as its `open_interview` column holds it. */
export interface StoredOpenInterview {
  uuid: string;
  status: 'active' | 'inactive';
  expires_at: string;
  created_by: string;
  questions: Array<{ uuid: string; text: string; time_limit: number; takes: number; think_time: string }>;
  /** Absent from open interviews stored before issue 38: the default. */
  applications_per_day?: number;
}

/** A job's video as its `video` column holds it. */
export interface StoredJobVideo {
  uuid: string;
  storage_key: string;
  content_type: 'video/webm' | 'video/mp4';
  size: number;
  duration_seconds: number;
  created_at: string;
  /** Absent from videos stored before issue 42, and without captions. */
  captions?: { uuid: string; storage_key: string; size: number; created_at: string } | null;
}
