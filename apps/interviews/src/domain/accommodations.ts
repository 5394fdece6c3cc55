import { validationFailed, type FieldError } from '@vi/platform-errors';

/**
 * What an interview changes for its candidate (issue 42, docs/accommodations.md): its questions' time limits and think
 * times multiplied (WCAG 2.2.1 asks for up to ten times), or no time limit at all; takes added to each question; answers
 * by microphone only. One value per interview, the same for each of a creation's assignees.
 */
export interface Accommodations {
  /** 1 to 10: think time and time limit × this, rounded up to whole seconds. */
  timeMultiplier: number;
  /** No think time and no time limit (the page still shows how long the answer is). */
  unlimitedTime: boolean;
  /** 0 to 10, added to each question's takes; an unlimited question stays unlimited. */
  extraTakes: number;
  /** Takes may be audio only (a WebM or MP4 with an audio track and no video track). */
  audioOnly: boolean;
}

export const NO_ACCOMMODATIONS: Accommodations = { timeMultiplier: 1, unlimitedTime: false, extraTakes: 0, audioOnly: false };

export const MAX_TIME_MULTIPLIER = 10;
export const MAX_EXTRA_TAKES = 10;

/** An accommodations input as a caller sent it: each field optional (absent: its default). */
export interface AccommodationsInput {
  timeMultiplier?: number;
  unlimitedTime?: boolean;
  extraTakes?: number;
  audioOnly?: boolean;
}

/** The accommodations an input asks for, over `base` (the defaults on creation, the current ones on update); out of range → validation_failed naming each field under `field`. */
export function accommodationsOf(input: AccommodationsInput, base: Accommodations = NO_ACCOMMODATIONS, field = 'accommodations'): Accommodations {
  const problems: FieldError[] = [];
  const multiplier = input.timeMultiplier ?? base.timeMultiplier;
  if (!Number.isFinite(multiplier) || multiplier < 1 || multiplier > MAX_TIME_MULTIPLIER) {
    problems.push({ field: `${field}.time_multiplier`, reason: `must be a number from 1 to ${MAX_TIME_MULTIPLIER}`, code: 'invalid_value' });
  }
  const extraTakes = input.extraTakes ?? base.extraTakes;
  if (!Number.isInteger(extraTakes) || extraTakes < 0 || extraTakes > MAX_EXTRA_TAKES) {
    problems.push({ field: `${field}.extra_takes`, reason: `must be a whole number from 0 to ${MAX_EXTRA_TAKES}`, code: 'invalid_value' });
  }
  if (problems.length > 0) throw validationFailed(problems);
  return {
    timeMultiplier: multiplier,
    unlimitedTime: input.unlimitedTime ?? base.unlimitedTime,
    extraTakes,
    audioOnly: input.audioOnly ?? base.audioOnly,
  };
}

export function sameAccommodations(a: Accommodations, b: Accommodations): boolean {
  return a.timeMultiplier === b.timeMultiplier && a.unlimitedTime === b.unlimitedTime && a.extraTakes === b.extraTakes && a.audioOnly === b.audioOnly;
}

/** Seconds × the multiplier, rounded up to whole seconds; null (no limit) with `unlimitedTime`. */
export function effectiveSeconds(seconds: number, accommodations: Accommodations): number | null {
  if (accommodations.unlimitedTime) return null;
  // A multiplier like 1.1 gives 66.00000000000001 for 60: rounded to the millisecond first, so that is 66, not 67.
  return Math.ceil(Math.round(seconds * accommodations.timeMultiplier * 1000) / 1000);
}

/** A question's takes with the extra ones; unlimited (-1, interview.ts's UNLIMITED_TAKES) stays unlimited. */
export function effectiveTakesLimit(takesLimit: number, accommodations: Accommodations): number {
  return takesLimit < 0 ? takesLimit : takesLimit + accommodations.extraTakes;
}

/** Requests a candidate may send for one interview in one UTC day. */
export const ACCOMMODATION_REQUESTS_PER_DAY = 3;
export const MAX_ACCOMMODATION_REQUEST_CHARS = 2000;

/** A candidate's request for an accommodation, as stored and shown to the company. */
export interface AccommodationRequest {
  uuid: string;
  interviewUuid: string;
  message: string;
  requestedAt: Date;
}

// C0 and C1 control characters and DEL, except tab, line feed and carriage return (a message has lines).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A request's message: trimmed, 1 to 2,000 characters of plain text (no control characters but line breaks and tabs). */
export function accommodationMessageOf(message: string): string {
  const trimmed = message.trim();
  const chars = [...trimmed].length;
  if (chars === 0 || chars > MAX_ACCOMMODATION_REQUEST_CHARS) {
    throw validationFailed([{ field: 'message', reason: `must have 1 to ${MAX_ACCOMMODATION_REQUEST_CHARS} characters`, code: 'invalid_value' }]);
  }
  if (CONTROL_CHARACTERS.test(trimmed))
    throw validationFailed([{ field: 'message', reason: 'must be plain text, without control characters', code: 'invalid_format' }]);
  return trimmed;
}

/** The start of the UTC day of `at`, and the next one (when a spent day's requests come back: Retry-After). */
export function utcDayOf(at: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, next: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}
