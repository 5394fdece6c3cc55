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
  /** In an event (the API's JSON). */
  job_video?: JobVideoDescription | null;
  /** Over gRPC (the Job message). */
  video?: JobVideoDescription;
}

interface JobVideoDescription {
  url: string;
  duration_seconds: number;
  content_type: string;
  /** Since issue 42: absent or null without captions. */
  captions_url?: string | null;
}

/**
 * What interviews keep of a job (their `job_post`): its location as the summary an interview shows
 * (`{uuid, formatted_address}`), never the parts a job's own single read adds (decision 011), and its video's url,
 * length and type (decision 046), and its captions' url (issue 42).
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
    video: videoOf(job.job_video ?? job.video),
  };
}

/** Only what a player needs (decision 046): the company's bookkeeping (size, when) stays with jobs. */
function videoOf(video: JobVideoDescription | null | undefined): JobPostRow['video'] {
  return video
    ? { url: video.url, duration_seconds: video.duration_seconds, content_type: video.content_type, captions_url: video.captions_url ?? null }
    : null;
}
