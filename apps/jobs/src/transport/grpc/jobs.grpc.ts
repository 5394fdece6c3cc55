import type { jobs } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { createJob } from '../../application/create-job/create-job';
import { deleteJob } from '../../application/delete-job/delete-job';
import { getJob } from '../../application/get-job/get-job';
import { getJobSlots } from '../../application/get-job-slots/get-job-slots';
import { getJobStatus } from '../../application/get-job-status/get-job-status';
import type {
  AfterAnswer,
  IdentityDirectory,
  InterviewsDirectory,
  JobLinks,
  JobPageCache,
  MediaPlaybackUrls,
  MediaStorage,
  VideoProbe,
} from '../../application/ports';
import { removeJobVideo } from '../../application/remove-job-video/remove-job-video';
import { setJobVideo } from '../../application/set-job-video/set-job-video';
import { streamJobVideo } from '../../application/stream-job-video/stream-job-video';
import { getJobVideoCaptions } from '../../application/get-job-video-captions/get-job-video-captions';
import { removeJobVideoCaptions } from '../../application/remove-job-video-captions/remove-job-video-captions';
import { setJobVideoCaptions } from '../../application/set-job-video-captions/set-job-video-captions';
import { applyToOpenInterview } from '../../application/apply-to-open-interview/apply-to-open-interview';
import { getPublicOpenInterview } from '../../application/get-public-open-interview/get-public-open-interview';
import type { OpenInterviewInput } from '../../application/shared/open-interview-change';
import { listJobs } from '../../application/list-jobs/list-jobs';
import { updateJob } from '../../application/update-job/update-job';
import type { JobOrder, JobStatus } from '../../domain/job';
import type { LocationInput } from '../../domain/location';
import type { JobsStore } from '../../application/store';

export interface JobsGrpcDeps {
  store: JobsStore;
  identity: IdentityDirectory;
  pages: JobPageCache;
  clock: Clock;
  links: JobLinks;
  interviews: InterviewsDirectory;
  /** An application's interview or re-sent invitation, after the answer (decision 045). */
  afterAnswer: AfterAnswer;
  /** OPEN_INTERVIEW_DUE_DAYS. */
  dueDays: number;
  /** Job videos (decision 046): where they live, how they are measured, MAX_JOB_VIDEO_BYTES. */
  media: MediaStorage;
  playback?: MediaPlaybackUrls;
  video: VideoProbe;
  maxBytes: number;
  onOrphan: (storageKey: string, error: unknown) => void;
}

/** The gateway has validated shapes; this maps the message onto the domain's location. */
function locationOf(location?: jobs.Location, locality?: jobs.Locality): LocationInput | undefined {
  if (location) return { kind: 'address', city: location.city, state: location.state, country: location.country };
  if (locality) return { kind: 'locality', workMode: locality.work_mode as 'remote' | 'on_site' | 'hybrid', workPlace: locality.work_place };
  return undefined;
}

/** The gateway has validated shapes and formats (a question set arrives as its questions). */
function openInterviewOf(input?: jobs.OpenInterviewInput): OpenInterviewInput | undefined {
  if (!input) return undefined;
  return {
    status: input.status as JobStatus,
    expiresAt: input.expires_at ? new Date(input.expires_at) : undefined,
    questions: input.replace_questions
      ? input.questions.map((q) => ({ text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time }))
      : undefined,
    applicationsPerDay: input.applications_per_day,
  };
}

/** Transport only: request → use case → response message. */
export function jobsGrpcHandlers(deps: JobsGrpcDeps): UnaryHandlers<typeof jobs.JobsServiceService> {
  return {
    listJobs: async (req, ctx) =>
      listJobs(deps, callerOf(ctx), {
        statuses: req.statuses as JobStatus[],
        orderBy: req.orderby as JobOrder,
        rangeFrom: req.range_from,
        rangeTo: req.range_to,
      }),
    getJob: async (req, ctx) => getJob(deps, callerOf(ctx), req.job_uuid),
    createJob: async (req, ctx) =>
      createJob(deps, callerOf(ctx), {
        title: req.title,
        description: req.description,
        status: req.status as JobStatus,
        location: locationOf(req.location, req.locality)!,
        openInterview: openInterviewOf(req.open_interview),
      }),
    updateJob: async (req, ctx) =>
      updateJob(deps, callerOf(ctx), {
        jobUuid: req.job_uuid,
        title: req.title,
        description: req.description,
        status: req.status as JobStatus | undefined,
        location: locationOf(req.location, req.locality),
        openInterview: openInterviewOf(req.open_interview),
      }),
    deleteJob: async (req, ctx) => deleteJob(deps, callerOf(ctx), req.job_uuid),
    setJobVideo: async (chunks, ctx) => setJobVideo(deps, callerOf(ctx), chunks),
    removeJobVideo: async (req, ctx) => removeJobVideo(deps, callerOf(ctx), req.job_uuid),
    streamJobVideo: async (req, ctx, send) => streamJobVideo(deps, ctx.principal, req, send),
    setJobVideoCaptions: async (req, ctx) => setJobVideoCaptions(deps, callerOf(ctx), { jobUuid: req.job_uuid, vtt: req.vtt }),
    removeJobVideoCaptions: async (req, ctx) => removeJobVideoCaptions(deps, callerOf(ctx), req.job_uuid),
    getJobVideoCaptions: async (req, ctx) => getJobVideoCaptions(deps, ctx.principal, req),
    getJobSlots: async (_req, ctx) => getJobSlots(deps, callerOf(ctx)),
    getJobStatus: async (req, ctx) => getJobStatus(deps, ctx.principal, { companyUuid: req.company_uuid, jobUuid: req.job_uuid }),
    getPublicOpenInterview: async (req, ctx) => getPublicOpenInterview(deps, ctx.principal, req.open_interview_uuid),
    applyToOpenInterview: async (req, ctx) => {
      await applyToOpenInterview(
        deps,
        { principal: ctx.principal, deadline: ctx.deadline },
        {
          openInterviewUuid: req.open_interview_uuid,
          applicant: {
            name: req.name,
            email: req.email,
            phone: req.phone,
            phoneParsed: req.phone_parsed,
            hasSmsConsent: req.has_sms_consent,
            language: req.language,
          },
        },
      );
      return {};
    },
  };
}
