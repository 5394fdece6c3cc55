import type { JobPostRow } from '../store';

/** A job as jobs describe it, in an event or over gRPC: what interviews keep of it is the same either way. */
interface JobDescription {
  uuid: string;
  title: string;
  status: string;
  created_at: string;
  updated_at: string;
  status_updated_at: string;
  created_by?: JobPostRow['created_by'] | null;
  location?: { uuid: string; formatted_address: string } | null;
}

/**
 * What interviews keep of a job (their `job_post`): its location as the summary an interview shows
 * (`{uuid, formatted_address}`), never the parts a job's own single read adds (decision 011).
 */
export function jobPostRow(job: JobDescription, companyUuid: string): JobPostRow {
  return {
    uuid: job.uuid,
    company_uuid: companyUuid,
    title: job.title,
    status: job.status,
    created_at: new Date(job.created_at),
    updated_at: new Date(job.updated_at),
    status_updated_at: new Date(job.status_updated_at),
    created_by: job.created_by ?? null,
    location: job.location ? { uuid: job.location.uuid, formatted_address: job.location.formatted_address } : null,
  };
}
