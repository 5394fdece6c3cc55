import { randomUUID } from 'node:crypto';
import type { evaluations, interviews, jobs } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { Comment } from '../src/domain/comment';
import type { Decision } from '../src/domain/decision';
import { newEvaluation, type Evaluation } from '../src/domain/evaluation';
import type { Scorecard } from '../src/domain/scorecard';

/** Decision 027: evaluations' domain objects and the messages it reads, with valid defaults; a spec states what matters. */

const AT = new Date('2026-01-01T09:00:00+00:00');

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user', ...overrides };
}

export function aJobSeeker(): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: null, role: null, userType: 'job_seeker' };
}

export function aJob(overrides: Partial<jobs.Job> = {}): jobs.Job {
  return {
    uuid: randomUUID(),
    status: 'active',
    title: 'Engineer',
    description: '',
    created_at: '2026-01-01T08:00:00+00:00',
    updated_at: '2026-01-01T08:00:00+00:00',
    status_updated_at: '2026-01-01T08:00:00+00:00',
    created_by: undefined,
    status_updated_by: undefined,
    company: undefined,
    location: undefined,
    ...overrides,
  };
}

export function aTake(overrides: Partial<interviews.Take> = {}): interviews.Take {
  return {
    uuid: randomUUID(),
    question_uuid: randomUUID(),
    number: 1,
    content_type: 'video/webm',
    size: 10,
    duration_seconds: 30,
    created_at: '',
    kind: 'video',
    ...overrides,
  };
}

export function aRecording(overrides: Partial<interviews.Recording> = {}): interviews.Recording {
  return {
    uuid: randomUUID(),
    started_at: '2026-01-01T08:00:00+00:00',
    ended_at: '2026-01-01T08:30:00+00:00',
    duration_seconds: 1800,
    content_type: 'video/webm',
    size: 20,
    ...overrides,
  };
}

/**
 * An interview as interviews shows it to evaluations: completed, of a job, with two questions and a take of each
 * (30 s), no recordings; its candidate writes in French.
 */
export function anEvaluableInterview(
  options: {
    jobUuid?: string;
    status?: string;
    company?: { uuid: string; name: string; avatar: string };
    takes?: interviews.Take[];
    recordings?: interviews.Recording[];
  } = {},
): interviews.SharedInterview {
  const uuid = randomUUID();
  const questions = [randomUUID(), randomUUID()];
  return {
    interview: {
      uuid,
      type: 'one_way',
      status: options.status ?? 'completed',
      created_at: '2026-01-01T08:00:00+00:00',
      updated_at: '2026-01-01T09:00:00+00:00',
      scheduled_at: '2026-01-01T08:00:00+00:00',
      completed_at: '2026-01-01T09:00:00+00:00',
      job_post: {
        uuid: options.jobUuid ?? randomUUID(),
        title: 'Engineer',
        created_at: '',
        updated_at: '',
        status_updated_at: '',
        status: 'active',
        created_by: undefined,
        location: undefined,
      },
      assigned_to: { uuid: randomUUID(), name: 'Cara Candidate', email: 'cara@candidates.example', avatar: '' },
      company: options.company ?? { uuid: randomUUID(), name: 'Acme', avatar: '' },
      created_by: undefined,
      rating: undefined,
      share_link: undefined,
      questions: questions.map((q, i) => ({
        uuid: q,
        text: `Question ${i + 1}`,
        completed: true,
        skipped: false,
        time_limit: 60,
        think_time: '30',
        unlimited_time: false,
        takes: undefined,
        created_at: '',
        updated_at: '',
      })),
      timezone: 'UTC',
      language: 'fr',
      decision: undefined,
      evaluations_submitted: 0,
      evaluations_started: 0,
      accommodation_requests: [],
    },
    takes: options.takes ?? questions.map((q) => aTake({ question_uuid: q })),
    recordings: options.recordings ?? [],
  };
}

/** An advanced share link's reviewer, as the gateway passes it, opening the interviews given. */
export function aReviewer(companyUuid: string, interviewUuids: string[], overrides: Partial<evaluations.Reviewer> = {}): evaluations.Reviewer {
  return { link_uuid: randomUUID(), name: 'Rita Reviewer', company_uuid: companyUuid, interview_uuids: interviewUuids, ...overrides };
}

export function aScorecard(overrides: Partial<Scorecard> = {}): Scorecard {
  return {
    jobUuid: randomUUID(),
    companyUuid: randomUUID(),
    criteria: [
      { uuid: randomUUID(), name: 'Communication', description: 'Clear and concise' },
      { uuid: randomUUID(), name: 'Technical depth', description: '' },
    ],
    visibility: 'after_submit',
    updatedAt: AT,
    updatedBy: randomUUID(),
    ...overrides,
  };
}

export function anEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    ...newEvaluation({
      uuid: randomUUID(),
      interviewUuid: randomUUID(),
      companyUuid: randomUUID(),
      evaluator: { type: 'user', uuid: randomUUID(), name: 'Eve Evaluator' },
      now: AT,
    }),
    ...overrides,
  };
}

export function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    uuid: randomUUID(),
    interviewUuid: randomUUID(),
    companyUuid: randomUUID(),
    author: { type: 'user', uuid: randomUUID(), name: 'Ada Admin' },
    text: 'Good answer',
    takeUuid: null,
    recordingUuid: null,
    atMs: null,
    mentions: [],
    createdAt: AT,
    ...overrides,
  };
}

export function aDecision(overrides: Partial<Decision> = {}): Decision {
  return {
    interviewUuid: randomUUID(),
    companyUuid: randomUUID(),
    decision: 'advance',
    decidedBy: { uuid: randomUUID(), name: 'Ada Admin' },
    decidedAt: AT,
    ...overrides,
  };
}
