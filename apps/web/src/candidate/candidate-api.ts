import type { components } from '@vi/api-client';
import { CANDIDATE_PATH, matchPagePath } from '@vi/contracts/web';
import { ApiError, apiErrorOf, requestJson } from '../shared/api';

/**
 * `GET /v1.0/candidate/interviews/<uuid>` (apps/gateway/src/routes/candidate.routes.ts, README "Candidates",
 * docs/interview-lifecycle.md), as the OpenAPI description gives it (decision 066).
 */
export type CandidateInterview = components['schemas']['CandidateInterview'];
export type CandidateQuestion = CandidateInterview['questions'][number];

/** The invitation link's interview and token: `/candidate/interviews/<uuid>?token=…`. */
export interface CandidateLink {
  interviewUuid: string;
  token: string;
}

export function candidateLinkOf(location: Location): CandidateLink | undefined {
  const interviewUuid = matchPagePath(CANDIDATE_PATH, location.pathname)?.interviewUuid;
  const token = new URLSearchParams(location.search).get('token');
  if (!interviewUuid || !token) return undefined;
  return { interviewUuid, token };
}

export class CandidateApi {
  constructor(readonly link: CandidateLink) {}

  get authorization(): string {
    return `Bearer ${this.link.token}`;
  }

  get interviewPath(): string {
    return `/v1.0/candidate/interviews/${encodeURIComponent(this.link.interviewUuid)}`;
  }

  takesPath(questionUuid: string): string {
    return `${this.interviewPath}/questions/${encodeURIComponent(questionUuid)}/takes`;
  }

  interview(): Promise<CandidateInterview> {
    return requestJson('GET', this.interviewPath, { authorization: this.authorization });
  }

  accept(): Promise<CandidateInterview> {
    return requestJson('POST', `${this.interviewPath}/accept`, { authorization: this.authorization });
  }

  skip(questionUuid: string): Promise<CandidateQuestion> {
    return requestJson('POST', `${this.interviewPath}/questions/${encodeURIComponent(questionUuid)}/skip`, { authorization: this.authorization });
  }

  /** The live interview's calendar invitation (RFC 5545), to save as a file. */
  async calendar(): Promise<Blob> {
    let response: Response;
    try {
      response = await fetch(`${this.interviewPath}/calendar.ics`, { headers: { authorization: this.authorization }, cache: 'no-store' });
    } catch {
      throw new ApiError(0, 'network');
    }
    if (!response.ok) throw apiErrorOf(response.status, await response.text());
    return response.blob();
  }

  /** The candidate's request for an accommodation (issue 42): 202 `{message, requested_at}`; at most 3 a day (429). */
  requestAccommodation(message: string): Promise<{ message: string; requested_at: string }> {
    return requestJson('POST', `${this.interviewPath}/accommodation_request`, { authorization: this.authorization }, { message });
  }

  complete(): Promise<CandidateInterview> {
    return requestJson('POST', `${this.interviewPath}/complete`, { authorization: this.authorization });
  }
}

/** Think time in whole seconds; 0 when the question has none (absent, "0" or not a number). */
export function thinkSecondsOf(question: CandidateQuestion): number {
  const seconds = Number(question.think_time ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/**
 * Where a (re)opened interview resumes: the first question neither skipped nor submitted. A question with a take
 * but not submitted (the candidate may still record again) is where they left off, with the same choices.
 */
export function resumeIndex(interview: CandidateInterview, submitted: ReadonlySet<string>): number {
  const index = interview.questions.findIndex((q) => !q.skipped && (!q.completed || (q.takes.remaining !== 0 && !submitted.has(q.uuid))));
  return index < 0 ? interview.questions.length : index;
}

/**
 * The questions the candidate submitted ("Submit and continue") on this browser: the server knows a question has
 * a take, not whether the candidate went on from it. Another browser resumes at the first unanswered question.
 */
export class SubmittedQuestions {
  private readonly key: string;

  constructor(interviewUuid: string) {
    this.key = `vi-candidate:submitted:${interviewUuid}`;
  }

  read(): Set<string> {
    try {
      return new Set(JSON.parse(window.localStorage.getItem(this.key) ?? '[]') as string[]);
    } catch {
      return new Set();
    }
  }

  add(questionUuid: string): void {
    try {
      window.localStorage.setItem(this.key, JSON.stringify([...this.read(), questionUuid]));
    } catch {
      // Storage refused (a private window's quota): a reload then resumes at the first unanswered question.
    }
  }
}
