import type { InterviewStatus, InterviewType } from './interview-status';
import { InterviewsError, InterviewsErrorCode } from './interviews.errors';
import { joinWindowOf } from './join-window';

/** Who is in a call: the job seeker the interview is for, or a company user who may see it. */
export type LiveRole = 'candidate' | 'interviewer';

/**
 * Whether a participant may enter the room now: a live interview, neither canceled nor completed nor expired,
 * inside its join window. Each refusal has its own code, so the page can say which.
 */
export function requireJoinable(interview: { type: InterviewType; status: InterviewStatus; scheduledAt: Date }, now: Date): void {
  if (interview.status === 'canceled') throw new InterviewsError(InterviewsErrorCode.AlreadyCanceled);
  if (interview.status === 'completed') throw new InterviewsError(InterviewsErrorCode.AlreadyCompleted);
  if (interview.type !== 'live') throw new InterviewsError(InterviewsErrorCode.NotLive, 'Only a live interview has a call to join');
  const { opensAt, closesAt } = joinWindowOf(interview.scheduledAt);
  if (interview.status === 'expired' || now >= closesAt) throw new InterviewsError(InterviewsErrorCode.InterviewExpired);
  if (now < opensAt) throw new InterviewsError(InterviewsErrorCode.JoinNotOpen);
}
