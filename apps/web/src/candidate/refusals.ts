import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';

/**
 * The sentence for an API refusal (docs/errors.md): never raw JSON. Codes the
 * page cannot cause by itself fall back to a general sentence by status.
 */
export function refusalSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return text().errors.unexpected;
  switch (error.code) {
    case 'api.candidate_token_invalid':
    case 'api.key_not_set':
      return text().errors.linkInvalid;
    case 'api.interview_not_found':
    case 'api.question_not_found':
      return text().errors.interviewNotFound;
    case 'api.interview_expired':
      return text().errors.interviewExpired;
    case 'api.interview_already_canceled':
      return text().errors.interviewCanceled;
    case 'api.interview_already_completed':
      return text().errors.interviewCompleted;
    case 'api.job_inactive':
      return text().errors.jobClosed;
    case 'api.interview_not_accepted':
      return text().errors.notAccepted;
    case 'api.interview_questions_unanswered':
      return text().errors.unanswered;
    case 'api.question_takes_exhausted':
      return text().errors.takesExhausted;
    case 'api.take_too_long':
      return text().errors.takeTooLong;
    case 'api.take_not_video':
    case 'api.unsupported_media_type':
      return text().errors.notAVideo;
    case 'api.take_too_large':
    case 'api.take_bitrate_too_high':
      return text().errors.takeTooLarge;
    case 'api.interview_media_quota_exceeded':
      return text().errors.mediaQuotaFull;
    case 'api.company_media_quota_exceeded':
      return text().errors.companyMediaQuotaFull;
    case 'api.validation_failed':
      // The only field a take upload can get wrong is its declared length.
      return error.fields.includes('X-Take-Duration-Seconds') ? text().errors.takeTooLong : text().errors.unexpected;
    case 'api.too_many_requests':
      return text().errors.tooManyRequests;
    case 'api.service_unavailable':
    case 'network':
      return text().errors.unavailable;
    default:
      return text().errors.unexpected;
  }
}
