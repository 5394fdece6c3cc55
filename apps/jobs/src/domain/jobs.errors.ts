import { PlanFeature } from '@vi/contracts';
import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

export enum JobsErrorCode {
  JobNotFound = 'api.job_not_found',
  JobSlotsExhausted = 'api.plan_job_slots_exhausted',
  JobVideoNotFound = 'api.job_video_not_found',
  JobVideoNotVideo = 'api.job_video_not_video',
  JobVideoTooLong = 'api.job_video_too_long',
  JobVideoTooLarge = 'api.job_video_too_large',
  CaptionsInvalid = 'api.captions_invalid',
  CaptionsNotFound = 'api.job_video_captions_not_found',
  // Interviews' code for the same rule: an open interview's application is refused before anything is claimed (decision 045).
  SmsFeatureRequired = 'api.plan_sms_notifications_required',
  OpenInterviewDailyLimitReached = 'api.open_interview_daily_limit_reached',
}

const REASONS: Record<JobsErrorCode, string> = {
  [JobsErrorCode.JobNotFound]: 'Job not found',
  [JobsErrorCode.JobSlotsExhausted]: 'No active job slot remains on the plan; deactivate a job or upgrade the plan',
  [JobsErrorCode.JobVideoNotFound]: 'Job video not found',
  [JobsErrorCode.JobVideoNotVideo]: 'The body is not a WebM or MP4 video',
  [JobsErrorCode.JobVideoTooLong]: 'The video is longer than 3 minutes',
  [JobsErrorCode.JobVideoTooLarge]: 'The video is larger than allowed',
  [JobsErrorCode.CaptionsInvalid]: 'The captions are not a WebVTT file',
  [JobsErrorCode.CaptionsNotFound]: 'The job video has no captions',
  [JobsErrorCode.OpenInterviewDailyLimitReached]: 'This interview link has taken all the applications it takes today; try again tomorrow (UTC)',
  [JobsErrorCode.SmsFeatureRequired]: `SMS invitations need the plan feature ${PlanFeature.InterviewSmsNotifications}`,
};

function kindOf(code: JobsErrorCode): ErrorKind {
  switch (code) {
    case JobsErrorCode.JobNotFound:
    case JobsErrorCode.JobVideoNotFound:
    case JobsErrorCode.CaptionsNotFound:
      return ErrorKind.NotFound;
    case JobsErrorCode.JobVideoNotVideo:
    case JobsErrorCode.JobVideoTooLong:
    case JobsErrorCode.CaptionsInvalid:
      return ErrorKind.InvalidArgument;
    case JobsErrorCode.JobVideoTooLarge:
      return ErrorKind.PayloadTooLarge;
    case JobsErrorCode.OpenInterviewDailyLimitReached:
      return ErrorKind.ResourceExhausted;
    case JobsErrorCode.JobSlotsExhausted:
    case JobsErrorCode.SmsFeatureRequired:
      return ErrorKind.PaymentRequired;
    default:
      return assertNever(code);
  }
}

export class JobsError extends AppError {
  constructor(code: JobsErrorCode, reason: string = REASONS[code], retryAfterSeconds?: number) {
    super(kindOf(code), code, reason, undefined, retryAfterSeconds);
    this.name = 'JobsError';
  }
}
