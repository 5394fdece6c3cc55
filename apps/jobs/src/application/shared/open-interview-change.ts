import { randomUUID } from 'node:crypto';
import { DEFAULT_THINK_TIME } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import type { JobStatus, OpenInterview } from '../../domain/job';
import { DEFAULT_APPLICATIONS_PER_DAY, defaultExpiresAt, expiresAtProblem } from '../../domain/open-interview';

/** What POST/PUT /jobs send as `open_interview`; absent fields keep their value (decision 045). */
export interface OpenInterviewInput {
  status: JobStatus;
  expiresAt?: Date;
  /** Replaces the questions when given (a question set arrives here as its questions, copied). */
  questions?: Array<{ text: string; timeLimit: number; takes: number; thinkTime?: string }>;
  /** Applications taken in a UTC day. */
  applicationsPerDay?: number;
}

/**
 * The job's open interview after `input`: the link's uuid never changes (a link on a job board keeps working when
 * the open interview is turned on again), whoever turns it on becomes the creator of the applicants' interviews,
 * and an active one needs at least one question.
 */
export function changedOpenInterview(current: OpenInterview | null, input: OpenInterviewInput, userUuid: string, now: Date): OpenInterview {
  const problem = input.expiresAt && expiresAtProblem(input.expiresAt, now);
  if (problem) throw validationFailed([{ field: 'open_interview.expires_at', reason: problem, code: 'invalid_value' }]);
  const questions = input.questions
    ? input.questions.map((q) => ({ uuid: randomUUID(), text: q.text, timeLimit: q.timeLimit, takes: q.takes, thinkTime: q.thinkTime ?? DEFAULT_THINK_TIME }))
    : (current?.questions ?? []);
  if (input.status === 'active' && questions.length === 0) {
    throw validationFailed([{ field: 'open_interview.questions', reason: 'an active open interview needs at least one question', code: 'too_small' }]);
  }
  const turnedOn = input.status === 'active' && current?.status !== 'active';
  return {
    uuid: current?.uuid ?? randomUUID(),
    status: input.status,
    expiresAt: input.expiresAt ?? current?.expiresAt ?? defaultExpiresAt(now),
    questions,
    createdBy: turnedOn || !current ? userUuid : current.createdBy,
    applicationsPerDay: input.applicationsPerDay ?? current?.applicationsPerDay ?? DEFAULT_APPLICATIONS_PER_DAY,
  };
}
