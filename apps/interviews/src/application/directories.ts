import type { identity, jobs } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { InterviewType } from '../domain/interview-status';

/** Who a use case acts for, and until when (passed on to other services). */
export interface Caller {
  principal: UserPrincipal;
  deadline?: Date;
}

/** What interviews need from identity. */
export interface IdentityDirectory {
  ensureJobSeeker(caller: Caller, assignee: { name: string; email: string }): Promise<identity.UserSummary>;
  planFeatures(caller: Caller, companyUuid: string): Promise<Record<string, boolean>>;
  summaries(caller: Caller, userUuids: string[], companyUuids: string[]): Promise<{ users: identity.UserSummary[]; companies: identity.CompanySummary[] }>;
}

/** What interviews need from jobs: the job, as the caller sees it (undefined when not theirs), and its status now. */
export interface JobsDirectory {
  findJob(caller: Caller, jobUuid: string): Promise<jobs.Job | undefined>;
  /** The job's status as jobs holds it now (not the projection, which may lag), asked as interviews itself. */
  jobStatus(caller: Caller, job: { companyUuid: string; jobUuid: string }): Promise<string>;
}

/** Signs the link a job seeker opens (the candidate token is scoped to one interview). */
export interface CandidateLinks {
  linkFor(interview: { uuid: string; candidateUuid: string; type: InterviewType; scheduledAt: Date }): string;
}
