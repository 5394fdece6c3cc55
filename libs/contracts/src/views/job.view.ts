import { z } from 'zod';
import type { Job, JobVideo, OpenInterview, PublicOpenInterview } from '../generated/jobs';
import { TAKE_CONTENT_TYPES } from './take.view';
import { CompanySummaryView, JobLocationView, timestampView, UserSummaryView, uuidView } from './view-parts';

/** A job is `active` (open to new interviews) or `inactive`. */
export const JOB_STATUSES = ['active', 'inactive'] as const;

/** An open interview's question as the job shows it (single reads and updates only). */
export const OpenInterviewQuestionView = z.object({ uuid: uuidView, time_limit: z.number().int(), text: z.string() }).meta({ id: 'OpenInterviewQuestion' });

/** A job's open interview (decision 045): one public link every applicant records a one-way interview through. */
export const OpenInterviewView = z
  .object({
    uuid: uuidView,
    link: z.string().meta({ description: '<PUBLIC_BASE_URL>/apply/<uuid>, the page an applicant opens' }),
    expires_at: timestampView,
    status: z.enum(JOB_STATUSES),
    applications_per_day: z.number().int().meta({
      description:
        'Applications the link takes in a day (UTC), new addresses and repeats alike; past it, 429 `api.open_interview_daily_limit_reached` until the next day. Default 200 (decision 045)',
    }),
    questions: z.array(OpenInterviewQuestionView).optional().meta({ description: 'On single reads and updates; left out of list items' }),
  })
  .meta({ id: 'OpenInterview' });

/** A job's video (decision 046): the recruiter introducing the role, shown to candidates and applicants. */
export const JobVideoView = z
  .object({
    uuid: uuidView,
    url: z.string().meta({
      description:
        '<PUBLIC_BASE_URL>/v1.0/public/job_videos/<uuid>: streams the video (Range requests answered 206) without a key; 404 once the video is replaced or removed',
    }),
    duration_seconds: z.number().meta({ description: "The video's length, measured by the server from its container" }),
    content_type: z.enum(TAKE_CONTENT_TYPES),
    size: z.number().int().meta({ description: 'Bytes' }),
    created_at: timestampView,
    captions_url: z.string().nullable().meta({
      description:
        "<PUBLIC_BASE_URL>/v1.0/public/job_videos/<uuid>/captions: the video's WebVTT captions without a key (set with PUT /jobs/<uuid>/video/captions); null without captions",
    }),
  })
  .meta({ id: 'JobVideo' });

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
    open_interview: OpenInterviewView.nullable(),
    job_video: JobVideoView.nullable().meta({ description: 'Set with PUT /jobs/<uuid>/video, removed with DELETE; null without one' }),
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
    open_interview: job.open_interview ? openInterviewJson(job.open_interview, options) : null,
    job_video: job.video ? jobVideoJson(job.video) : null,
  };
}

function jobVideoJson(video: JobVideo): z.output<typeof JobVideoView> {
  return {
    uuid: video.uuid,
    url: video.url,
    duration_seconds: video.duration_seconds,
    content_type: video.content_type as (typeof TAKE_CONTENT_TYPES)[number],
    size: video.size,
    created_at: video.created_at,
    captions_url: video.captions_url ?? null,
  };
}

function openInterviewJson(open: OpenInterview, options: { description: boolean }): z.output<typeof OpenInterviewView> {
  return {
    uuid: open.uuid,
    link: open.link,
    expires_at: open.expires_at,
    status: open.status as (typeof JOB_STATUSES)[number],
    applications_per_day: open.applications_per_day,
    // Single reads and updates (the ones with a description) carry the questions.
    ...(options.description ? { questions: open.questions.map((q) => ({ uuid: q.uuid, time_limit: q.time_limit, text: q.text })) } : {}),
  };
}

/** What an applicant sees before applying through an open interview (`GET /public/open_interviews/<uuid>`). */
export const PublicOpenInterviewView = z
  .object({
    uuid: uuidView,
    company: z.object({ name: z.string(), avatar: z.string() }),
    job: z.object({ title: z.string(), description: z.string(), location: z.object({ formatted_address: z.string() }) }),
    job_video: z
      .object({
        url: z.string(),
        duration_seconds: z.number(),
        content_type: z.enum(TAKE_CONTENT_TYPES),
        captions_url: z.string().nullable().meta({ description: 'Its WebVTT captions, for a `<track>` (issue 42); null without' }),
      })
      .nullable()
      .meta({ description: "The job's video (decision 046): plays from `url` without a key, Range requests answered 206; null without one" }),
    questions: z.object({ count: z.number().int(), time_limits: z.array(z.number().int()) }),
    expires_at: timestampView,
    due_days: z.number().int().meta({
      description: 'Days an applicant has to record their interview after applying (OPEN_INTERVIEW_DUE_DAYS), never past `expires_at`',
    }),
    sms_invitations: z.boolean().meta({
      description: "Whether the company's plan sends SMS invitations: only then may an application carry a phone (with `has_sms_consent`)",
    }),
  })
  .meta({ id: 'PublicOpenInterview' });

export function publicOpenInterviewJson(open: PublicOpenInterview): z.output<typeof PublicOpenInterviewView> {
  return {
    uuid: open.uuid,
    company: { name: open.company?.name ?? '', avatar: open.company?.avatar ?? '' },
    job: { title: open.job_title, description: open.job_description, location: { formatted_address: open.location?.formatted_address ?? '' } },
    job_video: open.job_video
      ? {
          url: open.job_video.url,
          duration_seconds: open.job_video.duration_seconds,
          content_type: open.job_video.content_type as (typeof TAKE_CONTENT_TYPES)[number],
          captions_url: open.job_video.captions_url ?? null,
        }
      : null,
    questions: { count: open.time_limits.length, time_limits: open.time_limits },
    expires_at: open.expires_at,
    due_days: open.due_days,
    sms_invitations: open.sms_invitations,
  };
}
