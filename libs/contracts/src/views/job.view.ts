import { z } from 'zod';
import type { Job } from '../generated/jobs';
import { CompanySummaryView, JobLocationView, timestampView, UserSummaryView, uuidView } from './view-parts';

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
    location: JobLocationView.nullable(),
    locality: z
      .object({ work_mode: z.enum(['remote', 'on_site', 'hybrid']), work_place: z.string() })
      .nullable()
      .optional()
      .meta({
        description: "single reads: the work mode and place a job was posted with (the create body's `locality`); null for a job posted with an address",
      }),
    open_interview: z.null(),
    job_video: z.null(),
  })
  .meta({ id: 'Job' });

/** What `GET /jobs/<uuid>` returns and what job events carry. */
export type JobJson = z.output<typeof JobView>;

/**
 * Renders a Job message as the API shows it; list items leave out
 * `description` and what the job was posted with (the address's parts, the locality). Shared by the gateway (responses) and the jobs service
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
    location: job.location ? { ...job.location, ...(options.description && job.address ? job.address : {}) } : null,
    ...(options.description
      ? { locality: job.locality ? { work_mode: job.locality.work_mode as 'remote' | 'on_site' | 'hybrid', work_place: job.locality.work_place } : null }
      : {}),
    open_interview: null,
    job_video: null,
  };
}
