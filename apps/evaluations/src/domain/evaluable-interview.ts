import type { interviews } from '@vi/contracts';
import { EvaluationsError, EvaluationsErrorCode } from './evaluations.errors';

/**
 * Decision 070: an interview may be evaluated, commented on and decided once it is completed, or expired with
 * answers (at least one take or one ended recording). Read from interviews on each request, so always today's.
 */
export function isEvaluable(shared: interviews.SharedInterview): boolean {
  const status = shared.interview?.status;
  if (status === 'completed') return true;
  return status === 'expired' && (shared.takes.length > 0 || shared.recordings.some((r) => r.ended_at !== undefined));
}

/** 409 api.interview_not_evaluable unless it is. */
export function requireEvaluable(shared: interviews.SharedInterview): void {
  if (!isEvaluable(shared)) throw new EvaluationsError(EvaluationsErrorCode.InterviewNotEvaluable);
}
