import type { identity, interviews, jobs } from '@vi/contracts';
import type { Caller, Principal, ServicePrincipal } from '@vi/platform-grpc';

/**
 * The evaluations service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. Other
 * services are called as the company user, or, for a share link's reviewer, as this service: `Caller<Principal>`.
 */

/** Evaluations acting on its own behalf: what a reviewer's link opens is read as the service, never as a user. */
export const EVALUATIONS_SERVICE: ServicePrincipal = { kind: 'service', service: 'evaluations' };

/** The only principal that may pass a reviewer: the gateway, which opened the link's token with sharing. */
export const GATEWAY_SERVICE = 'gateway';

/** The only principal that may read summaries by company (decision 071): the assessments service, for an order's score. */
export const ASSESSMENTS_SERVICE = 'assessments';

/** What evaluations needs from identity: people's names and emails. */
export interface IdentityDirectory {
  summaries(
    caller: Caller<Principal>,
    userUuids: string[],
    companyUuids: string[],
  ): Promise<{ users: Map<string, identity.UserSummary>; companies: Map<string, identity.CompanySummary> }>;
}

/** What evaluations needs from jobs: a job of the caller's company; rejects with jobs' own 404 (`api.job_not_found`) otherwise. */
export interface JobsDirectory {
  job(caller: Caller, jobUuid: string): Promise<jobs.Job>;
}

/** What evaluations needs from interviews (never its schema): interviews with their takes and ended recordings. */
export interface InterviewsDirectory {
  sharedInterviews(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[]): Promise<interviews.SharedInterview[]>;
}
