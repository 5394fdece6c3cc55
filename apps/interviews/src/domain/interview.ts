import { randomUUID } from 'node:crypto';
import type { Accommodations } from './accommodations';
import { validationFailed } from '@vi/platform-errors';
import type { InterviewStatus, InterviewType } from './interview-status';
import { INTERVIEW_SOURCE_TYPES, THINK_TIMES, type DecisionJson, type EvaluationCounts, type InterviewSourceType, type ThinkTime } from '@vi/contracts';

export interface Interview {
  uuid: string;
  companyUuid: string;
  type: InterviewType;
  status: InterviewStatus;
  scheduledAt: Date;
  completedAt: Date | null;
  acceptedAt: Date | null;
  rating: number | null;
  ratedBy: string | null;
  ratedAt: Date | null;
  timezone: string;
  /** The language its candidate is written to in (emails, SMS, calendar text): an IETF tag, canonical (decision 047). */
  language: string;
  emailMessage: string;
  phone: string | null;
  phoneParsed: string | null;
  hasSmsConsent: boolean;
  jobUuid: string;
  candidateUuid: string;
  /** The name this interview's company gave its candidate: shown to that company only (decision 036). */
  candidateName: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** The hiring team's verdict, projected from the evaluations service's events (decision 070); read-only here. */
  evaluations: InterviewEvaluations;
  /** Where it came from (decision 071); set at creation, never changed. */
  source: InterviewSource;
  /** What it changes for its candidate (issue 42): set at creation, changed by the company until it is completed. */
  accommodations: Accommodations;
}

/** Who asked for an interview: our web app, an API key, an open interview's application or an ATS (with its own id). */
export interface InterviewSource {
  type: InterviewSourceType;
  externalId: string | null;
}

/** A creation's `source` as a caller service sent it: a known type; an external id only from an ATS. */
export function interviewSourceOf(type: string, externalId: string | undefined): InterviewSource {
  if (!(INTERVIEW_SOURCE_TYPES as readonly string[]).includes(type)) {
    throw validationFailed([{ field: 'source.type', reason: `must be one of ${INTERVIEW_SOURCE_TYPES.join(', ')}`, code: 'invalid_value' }]);
  }
  const ats = type === 'greenhouse' || type === 'ashby';
  if (externalId !== undefined && !ats) {
    throw validationFailed([{ field: 'source.external_id', reason: 'is for an applicant-tracking system', code: 'invalid_value' }]);
  }
  return { type: type as InterviewSourceType, externalId: externalId ?? null };
}

/**
 * What the evaluations service last published of an interview: its decision and counts. Only its events and a reset
 * write it (`InterviewRepository.applyEvaluations`, `clearEvaluations`); `update` never does.
 */
export interface InterviewEvaluations {
  decision: DecisionJson | null;
  /** Submitted evaluations. */
  submitted: number;
  /** Evaluations begun, drafts and submitted ones. */
  started: number;
}

export const NO_EVALUATIONS: InterviewEvaluations = { decision: null, submitted: 0, started: 0 };

/** A change the evaluations service published: its counts after it, and the decision when it made one. */
export interface EvaluationsChange {
  counts: EvaluationCounts;
  decision: DecisionJson | null;
  /** When it was published: a change from before the interview's last reset is ignored. */
  occurredAt: Date;
}

export interface InterviewQuestion {
  uuid: string;
  interviewUuid: string;
  position: number;
  text: string;
  timeLimit: number;
  takesLimit: number;
  /** Seconds to read the question before recording starts (decision 013), copied from a set's question. */
  thinkTime: ThinkTime;
  takesCompleted: number;
  completed: boolean;
  skipped: boolean;
  startedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A question as it is added to an interview: nothing answered yet. */
export function newQuestion(
  interviewUuid: string,
  position: number,
  input: { text: string; timeLimit: number; takes: number; thinkTime?: ThinkTime },
  now: Date,
): InterviewQuestion {
  return {
    uuid: randomUUID(),
    interviewUuid,
    position,
    text: input.text,
    timeLimit: input.timeLimit,
    takesLimit: input.takes,
    thinkTime: input.thinkTime ?? DEFAULT_THINK_TIME,
    takesCompleted: 0,
    completed: false,
    skipped: false,
    startedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

// The allowed values are the contract's (the gateway validates with the same lists):
// seconds to answer, and seconds to read a question before recording starts ("0" starts at once, decision 013).
export { THINK_TIMES, TIME_LIMITS, type ThinkTime } from '@vi/contracts';
export const DEFAULT_THINK_TIME: ThinkTime = '30';

export function isThinkTime(value: string): value is ThinkTime {
  return (THINK_TIMES as readonly string[]).includes(value);
}

/** The think time a question input asks for: the default when absent, a validation error naming `field` when not one of THINK_TIMES. */
export function thinkTimeOf(value: string | undefined, field: string): ThinkTime {
  if (value === undefined) return DEFAULT_THINK_TIME;
  if (!isThinkTime(value)) throw validationFailed([{ field, reason: `must be one of ${THINK_TIMES.join(', ')}`, code: 'invalid_value' }]);
  return value;
}

export const UNLIMITED_TAKES = -1;

/** Takes left on a question, with the interview's extra takes (issue 42); -1 when unlimited. */
export function takesRemaining(question: Pick<InterviewQuestion, 'takesLimit' | 'takesCompleted'>, extraTakes: number): number {
  if (question.takesLimit === UNLIMITED_TAKES) return UNLIMITED_TAKES;
  return Math.max(0, question.takesLimit + extraTakes - question.takesCompleted);
}

export { INTERVIEW_ORDERS, type InterviewOrder } from '@vi/contracts';
