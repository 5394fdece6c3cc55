import type { identity, interviews, jobs } from '@vi/contracts';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewType } from '../domain/interview-status';

/** The interviews service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. */

/** What interviews need from identity. */
export interface IdentityDirectory {
  /**
   * The job seekers with these emails, made when new, in the order given, and the summaries of `summariesOf` (a
   * creation's creator and company): one call (decisions 043 and 052).
   */
  ensureJobSeekers(
    caller: Caller,
    assignees: Array<{ name: string; email: string }>,
    summariesOf: { userUuids: string[]; companyUuids: string[] },
  ): Promise<{ jobSeekers: identity.UserSummary[] } & Summaries>;
  planFeatures(caller: Caller, companyUuid: string): Promise<Record<string, boolean>>;
  summaries(caller: Caller, userUuids: string[], companyUuids: string[]): Promise<Summaries>;
}

/** Users and companies by uuid, as identity shows them to the caller. */
export interface Summaries {
  users: Map<string, identity.UserSummary>;
  companies: Map<string, identity.CompanySummary>;
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

/**
 * Pages rendered before, each at the company's list version it was read at (decision 050): one is served again only
 * at that version (`VersionedPageCache` of `@vi/platform-grpc`).
 */
export interface InterviewPageCache {
  /** Whether a page is kept under `key` (without one, reading the version first would be a round trip for nothing). */
  has(key: string): boolean;
  find(key: string, version: number): interviews.InterviewPage | undefined;
  mark(): number;
  store(key: string, version: number, mark: number, page: interviews.InterviewPage): void;
}

/** Video plumbing shared with jobs (`@vi/platform-media`): where videos live, presigned playback, a container's measured length. */
export type { MediaPlaybackUrls, MediaStorage, MeasuredVideo, VideoContainer, VideoProbe, VideoTracks } from '@vi/platform-media';
