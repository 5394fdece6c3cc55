import type { CompanySummary, UserSummary } from '../generated/identity';
import type { Job } from '../generated/jobs';

/** The API's Job object: what `GET /jobs/<uuid>` returns and what job events carry. */
export interface JobJson {
  uuid: string;
  status: string;
  title: string;
  description?: string;
  created_at: string;
  updated_at: string;
  status_updated_at: string;
  created_by: UserSummary | null;
  status_updated_by: UserSummary | null;
  company: CompanySummary | null;
  location: { uuid: string; formatted_address: string } | null;
  open_interview: null;
  job_video: null;
}

/**
 * Renders a Job message as the API shows it; list items leave out
 * `description`. Shared by the gateway (responses) and the jobs service
 * (event payloads), so both are always the same JSON.
 */
export function jobJson(job: Job, options: { description: boolean }): JobJson {
  return {
    uuid: job.uuid,
    status: job.status,
    title: job.title,
    ...(options.description ? { description: job.description } : {}),
    created_at: job.created_at,
    updated_at: job.updated_at,
    status_updated_at: job.status_updated_at,
    created_by: job.created_by ?? null,
    status_updated_by: job.status_updated_by ?? null,
    company: job.company ?? null,
    location: job.location ?? null,
    open_interview: null,
    job_video: null,
  };
}
