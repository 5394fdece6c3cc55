import { PlanFeature } from '@vi/contracts';
import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

export enum InterviewsErrorCode {
  QuestionNotFound = 'api.question_not_found',
  QuestionSetNotFound = 'api.question_set_not_found',
  AlreadyCompleted = 'api.interview_already_completed',
  AlreadyCanceled = 'api.interview_already_canceled',
  NotLive = 'api.interview_not_live',
  StatusNotSettable = 'api.interview_status_not_settable',
  NotCompleted = 'api.interview_not_completed',
  QuestionsLocked = 'api.interview_questions_locked',
  SmsFeatureRequired = 'api.plan_sms_notifications_required',
  CandidateTokenInvalid = 'api.candidate_token_invalid',
  InterviewExpired = 'api.interview_expired',
  NotAccepted = 'api.interview_not_accepted',
  QuestionsUnanswered = 'api.interview_questions_unanswered',
  JobInactive = 'api.job_inactive',
  TakesExhausted = 'api.question_takes_exhausted',
  TakesNotVisible = 'api.interview_takes_not_visible',
  TakeTooLarge = 'api.take_too_large',
  TakeBitrateTooHigh = 'api.take_bitrate_too_high',
  MediaQuotaExceeded = 'api.interview_media_quota_exceeded',
  CompanyMediaQuotaExceeded = 'api.company_media_quota_exceeded',
  TakeTooLong = 'api.take_too_long',
  TakeNotVideo = 'api.take_not_video',
  QuestionsRequired = 'api.interview_questions_required',
  RecordingEnded = 'api.recording_ended',
  RecordingPartOutOfOrder = 'api.recording_part_out_of_order',
  RecordingInProgress = 'api.recording_in_progress',
  RecordingTooLarge = 'api.recording_too_large',
  JoinNotOpen = 'api.interview_join_not_open',
  ChatMessageEmpty = 'api.chat_message_empty',
  ChatMessageTooLong = 'api.chat_message_too_long',
  ChatFull = 'api.chat_full',
  AccommodationRequestsExhausted = 'api.accommodation_requests_exhausted',
}

const REASONS: Record<InterviewsErrorCode, string> = {
  [InterviewsErrorCode.QuestionNotFound]: 'Question not found',
  [InterviewsErrorCode.QuestionSetNotFound]: 'Question set not found',
  [InterviewsErrorCode.AlreadyCompleted]: 'The interview is completed',
  [InterviewsErrorCode.AlreadyCanceled]: 'The interview is canceled',
  [InterviewsErrorCode.NotLive]: 'Only live interviews can be completed by the company',
  [InterviewsErrorCode.StatusNotSettable]: 'status can only be set to canceled, or to completed for a live interview',
  [InterviewsErrorCode.NotCompleted]: 'Only completed interviews can be rated',
  [InterviewsErrorCode.QuestionsLocked]: 'The interview has been accepted: its questions can no longer change',
  [InterviewsErrorCode.SmsFeatureRequired]: `SMS invitations need the plan feature ${PlanFeature.InterviewSmsNotifications}`,
  [InterviewsErrorCode.CandidateTokenInvalid]: 'The interview link is not valid or has expired',
  [InterviewsErrorCode.InterviewExpired]: 'The due time of the interview has passed',
  [InterviewsErrorCode.NotAccepted]: 'Accept the interview first',
  [InterviewsErrorCode.QuestionsUnanswered]: 'Every question must be answered or skipped first',
  [InterviewsErrorCode.JobInactive]: 'The job post is no longer active',
  [InterviewsErrorCode.TakesExhausted]: 'No take remains for this question',
  [InterviewsErrorCode.TakesNotVisible]: 'The takes are visible once the candidate has completed the interview, or once it has expired',
  [InterviewsErrorCode.TakeTooLarge]: 'The video is larger than allowed',
  [InterviewsErrorCode.TakeBitrateTooHigh]: 'The video is larger than a recording of its length can be',
  [InterviewsErrorCode.MediaQuotaExceeded]: "The interview's videos would exceed the storage allowed for one interview",
  [InterviewsErrorCode.CompanyMediaQuotaExceeded]: "The company's videos would exceed the storage allowed for one company",
  [InterviewsErrorCode.TakeTooLong]: "The video is longer than the question's time limit",
  [InterviewsErrorCode.TakeNotVideo]: 'The body is not a WebM or MP4 video',
  [InterviewsErrorCode.QuestionsRequired]: 'A one_way interview keeps at least one question',
  [InterviewsErrorCode.RecordingEnded]: 'The recording has ended: start a new one',
  [InterviewsErrorCode.RecordingPartOutOfOrder]: 'Parts are sent in order, each after the one before it',
  [InterviewsErrorCode.RecordingInProgress]: 'The recording has not ended yet: its video can be played once it has',
  [InterviewsErrorCode.RecordingTooLarge]: 'The recording is larger than allowed',
  [InterviewsErrorCode.JoinNotOpen]: 'The call opens 15 minutes before the interview is scheduled',
  [InterviewsErrorCode.ChatMessageEmpty]: 'Write a message first',
  [InterviewsErrorCode.ChatMessageTooLong]: 'A message holds at most 2000 characters',
  [InterviewsErrorCode.ChatFull]: "The call's chat holds 500 messages: no more can be sent",
  [InterviewsErrorCode.AccommodationRequestsExhausted]: 'At most 3 accommodation requests a day can be sent for one interview: try again tomorrow (UTC)',
};

function kindOf(code: InterviewsErrorCode): ErrorKind {
  switch (code) {
    case InterviewsErrorCode.QuestionNotFound:
    case InterviewsErrorCode.QuestionSetNotFound:
      return ErrorKind.NotFound;
    case InterviewsErrorCode.QuestionsLocked:
    case InterviewsErrorCode.TakesExhausted:
    case InterviewsErrorCode.TakesNotVisible:
      return ErrorKind.PermissionDenied;
    case InterviewsErrorCode.TakeTooLarge:
    case InterviewsErrorCode.RecordingTooLarge:
    case InterviewsErrorCode.TakeBitrateTooHigh:
    case InterviewsErrorCode.MediaQuotaExceeded:
    case InterviewsErrorCode.CompanyMediaQuotaExceeded:
      return ErrorKind.PayloadTooLarge;
    case InterviewsErrorCode.RecordingEnded:
    case InterviewsErrorCode.RecordingPartOutOfOrder:
    case InterviewsErrorCode.RecordingInProgress:
      return ErrorKind.Conflict;
    case InterviewsErrorCode.AlreadyCompleted:
    case InterviewsErrorCode.AlreadyCanceled:
    case InterviewsErrorCode.NotLive:
    case InterviewsErrorCode.StatusNotSettable:
    case InterviewsErrorCode.NotCompleted:
      return ErrorKind.InvalidArgument;
    case InterviewsErrorCode.SmsFeatureRequired:
      return ErrorKind.PaymentRequired;
    case InterviewsErrorCode.CandidateTokenInvalid:
      return ErrorKind.Unauthenticated;
    case InterviewsErrorCode.InterviewExpired:
    case InterviewsErrorCode.NotAccepted:
    case InterviewsErrorCode.QuestionsUnanswered:
    case InterviewsErrorCode.JobInactive:
    case InterviewsErrorCode.QuestionsRequired:
    case InterviewsErrorCode.TakeTooLong:
    case InterviewsErrorCode.TakeNotVideo:
    case InterviewsErrorCode.JoinNotOpen:
    case InterviewsErrorCode.ChatMessageEmpty:
    case InterviewsErrorCode.ChatMessageTooLong:
      return ErrorKind.InvalidArgument;
    case InterviewsErrorCode.ChatFull:
      return ErrorKind.Conflict;
    case InterviewsErrorCode.AccommodationRequestsExhausted:
      return ErrorKind.ResourceExhausted;
    default:
      return assertNever(code);
  }
}

export class InterviewsError extends AppError {
  constructor(code: InterviewsErrorCode, reason: string = REASONS[code], retryAfterSeconds?: number) {
    super(kindOf(code), code, reason, undefined, retryAfterSeconds);
    this.name = 'InterviewsError';
  }
}
