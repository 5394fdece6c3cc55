import { TIME_LIMITS } from '@vi/contracts';
import { InterviewsError, InterviewsErrorCode } from './interviews.errors';
import { joinWindowOf } from './join-window';
import { TAKE_DURATION_TOLERANCE_SECONDS } from './take';
import { MAX_TIME_MULTIPLIER } from './accommodations';

export type InterviewStatus = 'requested' | 'accepted' | 'completed' | 'expired' | 'canceled';
export type InterviewType = 'one_way' | 'live';

/** Statuses in which the due time still matters: the expiry sweep looks at these. */
export const OPEN_STATUSES: InterviewStatus[] = ['requested', 'accepted'];

function refuseFinal(status: InterviewStatus): void {
  if (status === 'completed') throw new InterviewsError(InterviewsErrorCode.AlreadyCompleted);
  if (status === 'canceled') throw new InterviewsError(InterviewsErrorCode.AlreadyCanceled);
}

/** The company cancels: allowed until the job seeker has completed (docs/interview-lifecycle.md). */
export function cancel(status: InterviewStatus): InterviewStatus {
  refuseFinal(status);
  return 'canceled';
}

/** The company marks a live interview held. */
export function completeLive(type: InterviewType, status: InterviewStatus): InterviewStatus {
  refuseFinal(status);
  if (type !== 'live') throw new InterviewsError(InterviewsErrorCode.NotLive);
  if (status === 'expired') throw new InterviewsError(InterviewsErrorCode.StatusNotSettable, 'An expired interview must be rescheduled before it is completed');
  return 'completed';
}

/** A new due time: an expired interview is open again. */
export function reschedule(status: InterviewStatus): InterviewStatus {
  refuseFinal(status);
  return status === 'expired' ? 'requested' : status;
}

/** Customer support starts an interview over: anything the company has not canceled goes back to requested. */
export function reset(status: InterviewStatus): InterviewStatus {
  if (status === 'canceled') throw new InterviewsError(InterviewsErrorCode.AlreadyCanceled);
  return 'requested';
}

/** The status a PUT asks for: only canceled, or completed for live interviews. */
export function statusByCompany(type: InterviewType, status: InterviewStatus, requested: string): InterviewStatus {
  if (requested === 'canceled') return cancel(status);
  if (requested === 'completed') return completeLive(type, status);
  throw new InterviewsError(InterviewsErrorCode.StatusNotSettable);
}

/**
 * Until when the candidate can still act on an interview (accept, answer, join) and their link is valid, and after
 * which the expiry sweep marks it expired: a one-way interview's due time, a live interview's join window close
 * (it must not expire the moment it starts).
 */
export function actionableUntil(type: InterviewType, scheduledAt: Date): Date {
  return type === 'live' ? joinWindowOf(scheduledAt).closesAt : scheduledAt;
}

/**
 * The job seeker accepts a requested interview before its due time (accepting twice changes nothing); a live
 * interview's attendance can be confirmed until its join window closes.
 */
export function accept(type: InterviewType, status: InterviewStatus, scheduledAt: Date, now: Date): InterviewStatus {
  refuseFinal(status);
  if (status === 'expired' || actionableUntil(type, scheduledAt) <= now) throw new InterviewsError(InterviewsErrorCode.InterviewExpired);
  return 'accepted';
}

/** The job seeker works on an accepted interview before its due time. */
export function requireAnswerable(status: InterviewStatus, scheduledAt: Date, now: Date): void {
  refuseFinal(status);
  if (status === 'expired' || scheduledAt <= now) throw new InterviewsError(InterviewsErrorCode.InterviewExpired);
  if (status !== 'accepted') throw new InterviewsError(InterviewsErrorCode.NotAccepted);
}

/**
 * After the due time a take may still arrive for this long beyond its question's time limit, when its recording
 * started before the due time: the upload after Stop, with its retries (decision 042).
 */
export const LATE_TAKE_GRACE_SECONDS = 60;

/**
 * How long after the due time a candidate link still opens a take upload (and nothing else): the longest take's
 * window, at the longest time multiplier an interview's accommodations allow (issue 42). Each take is held to its own
 * interview's window by `requireTakeOpen`.
 */
export const LATE_TAKE_WINDOW_MS = (Math.max(...TIME_LIMITS) * MAX_TIME_MULTIPLIER + TAKE_DURATION_TOLERANCE_SECONDS + LATE_TAKE_GRACE_SECONDS) * 1000;

/**
 * A take whose upload began at `receivedAt`. Before the due time the interview must be answerable. After it, only
 * an interview the job seeker had started (accepted, or expired since by the sweep) takes it, and only within the
 * question's time limit, its tolerance and the grace; `requireStartedBeforeDue` checks the take's own length once measured.
 */
export function requireTakeOpen(interview: { status: InterviewStatus; scheduledAt: Date; acceptedAt: Date | null }, timeLimit: number, receivedAt: Date): void {
  if (receivedAt < interview.scheduledAt) return requireAnswerable(interview.status, interview.scheduledAt, receivedAt);
  refuseFinal(interview.status);
  const started = interview.acceptedAt !== null && (interview.status === 'accepted' || interview.status === 'expired');
  const windowEnd = interview.scheduledAt.getTime() + (timeLimit + TAKE_DURATION_TOLERANCE_SECONDS + LATE_TAKE_GRACE_SECONDS) * 1000;
  if (!started || receivedAt.getTime() > windowEnd) throw new InterviewsError(InterviewsErrorCode.InterviewExpired);
}

/** A take arriving after the due time must have started before it: its arrival less its measured length, within the grace. */
export function requireStartedBeforeDue(scheduledAt: Date, receivedAt: Date, durationSeconds: number): void {
  if (receivedAt < scheduledAt) return;
  const startedAt = receivedAt.getTime() - durationSeconds * 1000;
  if (startedAt > scheduledAt.getTime() + LATE_TAKE_GRACE_SECONDS * 1000) {
    throw new InterviewsError(InterviewsErrorCode.InterviewExpired, 'The recording started after the due time of the interview');
  }
}

/** What the company may watch: takes are the candidate's until the interview is completed, or has expired unfinished (decision 042). */
export function takesVisible(status: InterviewStatus): boolean {
  return status === 'completed' || status === 'expired';
}

export function requireCompleted(status: InterviewStatus): void {
  if (status !== 'completed') throw new InterviewsError(InterviewsErrorCode.NotCompleted);
}

/** Questions change only before the job seeker accepts. */
export function requireQuestionsEditable(status: InterviewStatus): void {
  if (status !== 'requested') throw new InterviewsError(InterviewsErrorCode.QuestionsLocked);
}

export const SCHEDULE_HORIZON_MS = 366 * 24 * 3600 * 1000;

/** Why a due time is refused, or null: it must be in the future and within a year. */
export function scheduleProblem(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return 'must be in the future';
  const yearAhead = new Date(now);
  yearAhead.setUTCFullYear(now.getUTCFullYear() + 1);
  if (at.getTime() > yearAhead.getTime()) return 'must be within 1 year';
  return null;
}

/** A call's recording may start while a live interview can still be held (decision 040). */
export function requireRecordable(type: InterviewType, status: InterviewStatus): void {
  if (type !== 'live') throw new InterviewsError(InterviewsErrorCode.NotLive, 'Only live interviews are recorded');
  refuseFinal(status);
  if (status === 'expired') throw new InterviewsError(InterviewsErrorCode.InterviewExpired);
}
