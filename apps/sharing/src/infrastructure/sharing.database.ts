import type { OutboxTable } from '@vi/platform-bus';
import type { Generated } from '@vi/platform-postgres';

/** Row types of the `sharing` schema, for Kysely. */
export interface SharingDatabase {
  share_links: {
    uuid: string;
    kind: 'basic' | 'advanced';
    company_uuid: string;
    token_hash: string;
    type: 'collaborative' | 'open';
    status: 'active' | 'inactive';
    basic_interview_uuid: string | null;
    reviewer_name: string | null;
    reviewer_email: string | null;
    send_email: boolean;
    created_by: string;
    updated_by: string;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
    version: Generated<number>;
  };
  share_link_interviews: {
    uuid: string;
    share_link_uuid: string;
    interview_uuid: string;
    position: number;
    job_uuid: string | null;
    job_title: string | null;
    candidate_name: string | null;
  };
  processed_events: { event_id: string; processed_at: Date };
  outbox: OutboxTable;
}
