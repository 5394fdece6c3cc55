import { z } from 'zod';
import type { Job } from '../generated/jobs';
import { CompanySummaryView, LocationSummaryView, timestampView, UserSummaryView, uuidView } from './view-parts';

/** A job is `active` (open to new interviews) or `inactive`. */
export const JOB_STATUSES = ['active', 'inactive'] as const;

/** The API's Job object; list items leave out `description`. */
export const JobView = z
  .object({
    uuid: uuidView,
    status: z.enum(JOB_STATUSES),
    title: z.string(),
    description: z.string().optional(),
    created_at: timestampView,
    updated_at: timestampView,
    status_updated_at: timestampView,
    created_by: UserSummaryView.nullable(),
    status_updated_by: UserSummaryView.nullable(),
    company: CompanySummaryView.nullable(),
    location: LocationSummaryView.nullable(),
    open_interview: z.null(),
    job_video: z.null(),
  })
  .meta({ id: 'Job' });

/** What `GET /jobs/<uuid>` returns and what job events carry. */
export type JobJson = z.output<typeof JobView>;

/**
 * Renders a Job message as the API shows it; list items leave out
 * `description`. Shared by the gateway (responses) and the jobs service
 * (event payloads), so both are always the same JSON.
 */
export function jobJson(job: Job, options: { description: boolean }): JobJson {
  return {
    uuid: job.uuid,
    status: job.status as JobJson['status'],
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
