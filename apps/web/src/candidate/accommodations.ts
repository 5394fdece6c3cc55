import type { CandidateInterview, CandidateQuestion } from './candidate-api';

/**
 * An interview's accommodations (issue 42): the company's adjustments for this candidate. The API renders the
 * questions' limits already adjusted (effective); these say why, and whether the camera is needed at all.
 */
export interface Accommodations {
  time_multiplier: number;
  unlimited_time: boolean;
  extra_takes: number;
  audio_only: boolean;
}

export const NO_ACCOMMODATIONS: Accommodations = { time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false };

/** The interview's accommodations; absent (an API without them, or none set) reads as the defaults. */
export function accommodationsOf(interview: CandidateInterview): Accommodations {
  const given = (interview as { accommodations?: Partial<Accommodations> | null }).accommodations;
  return { ...NO_ACCOMMODATIONS, ...(given ?? {}) };
}

/** The question's effective time limit in seconds, or null when it has none (`unlimited_time`). */
export function timeLimitOf(question: CandidateQuestion): number | null {
  const limit = (question as { time_limit?: number | null }).time_limit;
  return typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? limit : null;
}

/** Seconds left at which the countdown is announced to screen readers, once each (politely, never every second). */
export const ANNOUNCED_SECONDS = [60, 30, 10] as const;

/**
 * Which announcement (if any) is due now that `left` seconds remain, given those already made: the largest mark
 * crossed and not yet announced. A mark at or above the limit itself is never announced (the limit was just shown).
 */
export function announcementDue(left: number, limit: number, announced: ReadonlySet<number>): number | undefined {
  return ANNOUNCED_SECONDS.find(
    (mark) => mark < limit && left <= mark && left > 0 && !announced.has(mark) && !ANNOUNCED_SECONDS.some((m) => m < mark && left <= m),
  );
}
