import type { InterviewStatus, InterviewType } from './interview-status';
import { InterviewsError, InterviewsErrorCode } from './interviews.errors';

/** The room of a live interview opens this long before `scheduled_at` (docs/interview-lifecycle.md, decision 038). */
export const LIVE_JOIN_OPENS_BEFORE_MS = 15 * 60_000;
/** … and closes this long after it: a live interview not completed by then expires. */
export const LIVE_JOIN_CLOSES_AFTER_MS = 3 * 3600_000;

export function joinWindowOf(scheduledAt: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(scheduledAt.getTime() - LIVE_JOIN_OPENS_BEFORE_MS), closesAt: new Date(scheduledAt.getTime() + LIVE_JOIN_CLOSES_AFTER_MS) };
}

/**
 * Until when the candidate can still act on an interview (accept, answer, join) and their link is valid, and after
 * which the expiry sweep marks it expired: a one-way interview's due time, a live interview's join window close
 * (it must not expire the moment it starts).
 */
export function actionableUntil(type: InterviewType, scheduledAt: Date): Date {
  return type === 'live' ? joinWindowOf(scheduledAt).closesAt : scheduledAt;
}

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
