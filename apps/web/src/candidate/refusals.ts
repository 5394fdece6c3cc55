import { t } from '../i18n/candidate';
import { ApiError } from '../shared/api';

/**
 * The sentence for an API refusal (docs/errors.md): never raw JSON. Codes the
 * page cannot cause by itself fall back to a general sentence by status.
 */
export function refusalSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return t.errors.unexpected;
  switch (error.code) {
    case 'api.candidate_token_invalid':
    case 'api.key_not_set':
      return t.errors.linkInvalid;
    case 'api.interview_not_found':
    case 'api.question_not_found':
      return t.errors.interviewNotFound;
    case 'api.interview_expired':
      return t.errors.interviewExpired;
    case 'api.interview_already_canceled':
      return t.errors.interviewCanceled;
    case 'api.interview_already_completed':
      return t.errors.interviewCompleted;
    case 'api.job_inactive':
      return t.errors.jobClosed;
    case 'api.interview_not_accepted':
      return t.errors.notAccepted;
    case 'api.interview_questions_unanswered':
      return t.errors.unanswered;
    case 'api.question_takes_exhausted':
      return t.errors.takesExhausted;
    case 'api.take_too_long':
      return t.errors.takeTooLong;
    case 'api.take_not_video':
    case 'api.unsupported_media_type':
      return t.errors.notAVideo;
    case 'api.take_too_large':
    case 'api.take_bitrate_too_high':
      return t.errors.takeTooLarge;
    case 'api.interview_media_quota_exceeded':
      return t.errors.mediaQuotaFull;
    case 'api.company_media_quota_exceeded':
      return t.errors.companyMediaQuotaFull;
    case 'api.validation_failed':
      // The only field a take upload can get wrong is its declared length.
      return error.fields.includes('X-Take-Duration-Seconds') ? t.errors.takeTooLong : t.errors.unexpected;
    case 'api.too_many_requests':
      return t.errors.tooManyRequests;
    case 'api.service_unavailable':
    case 'network':
      return t.errors.unavailable;
    default:
      return t.errors.unexpected;
  }
}
