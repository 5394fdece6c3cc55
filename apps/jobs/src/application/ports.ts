import type { identity, jobs } from '@vi/contracts';
import type { Caller, Principal, UserPrincipal } from '@vi/platform-grpc';

/** The jobs service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. */

/** What the jobs service needs from identity (`infrastructure/identity.client.ts`, cached by `cached-identity.directory.ts`). */
export interface IdentityDirectory {
  /** The active-job limit of the company's plan in force (-1 = unlimited). */
  jobsLimit(caller: Caller, companyUuid: string): Promise<number>;
  /** Whether the company's plan in force sends SMS invitations (`interview_sms_notifications`); a platform process may ask. */
  smsInvitations(caller: Caller<Principal>, companyUuid: string): Promise<boolean>;
  /** A platform process (the gateway, for an open interview's public side) may ask too. */
  summaries(
    caller: Caller<Principal>,
    userUuids: string[],
    companyUuids: string[],
  ): Promise<{ users: Map<string, identity.UserSummary>; companies: Map<string, identity.CompanySummary> }>;
}

/**
 * Pages of the job list kept as rendered, so that a list read again costs one read of the company's list version
 * instead of the page query and its rendering (decision 023). A page is served only at the version it was rendered
 * at (`company_job_counters.version`, moved in the same transaction as every change to the company's jobs, so the
 * check is exact on every replica) and only while the names it shows are still the ones the identity directory
 * holds.
 */
export interface JobPageCache {
  /** The page stored under `key` at `version`, when the names in it are still current. */
  find(key: string, version: number): jobs.JobPage | undefined;
  /** Taken before the names of a page are read: `store` refuses a page whose names may have changed since. */
  mark(): number;
  store(key: string, version: number, mark: number, page: jobs.JobPage): void;
}

/** An applicant of an open interview, as the interview created for them is assigned (decision 045). */
export interface Applicant {
  name: string;
  email: string;
  phone?: string;
  phoneParsed?: string;
  hasSmsConsent: boolean;
  /** An IETF tag, canonical (decision 047). */
  language: string;
}

/** The one-way interview an applicant gets: the open interview's questions, due when their time to answer ends. */
export interface ApplicantInterview {
  /** The uuid the interview is created under, chosen when the application was first claimed (decision 063). */
  interviewUuid: string;
  jobUuid: string;
  applicant: Applicant;
  scheduledAt: Date;
  questions: Array<{ text: string; timeLimit: number; takes: number; thinkTime: string }>;
}

/**
 * What jobs asks the interviews service for an open interview's applicant (`infrastructure/interviews.client.ts`):
 * the interview is created by the same use case as any other, acting as the user who turned the open interview on.
 */
export interface InterviewsDirectory {
  /** Creates the applicant's one-way interview; answers its uuid. */
  createInterview(creator: Caller<UserPrincipal>, request: ApplicantInterview): Promise<string>;
  /** Sends the interview's invitation again, if it can still be answered. */
  resendInvitation(caller: Caller<Principal>, interviewUuid: string): Promise<void>;
}

/** The public URLs a job shows: its open interview's link (the applicant's page) and its video's. */
export interface JobLinks {
  linkOf(openInterviewUuid: string): string;
  videoUrlOf(videoUuid: string): string;
}

/** Video plumbing shared with interviews (`@vi/platform-media`): where job videos live, presigned playback, a container's measured length. */
export type { MediaPlaybackUrls, MediaStorage, VideoProbe } from '@vi/platform-media';

/**
 * Work an answer does not wait for (decision 045: an application's interview, or a repeat's re-sent invitation), so
 * that how long the answer takes tells nothing of what was done. A failure is the task's end: logged, the state it
 * left is what the next application finds. Stopping the service waits for what is under way.
 */
export interface AfterAnswer {
  run(name: string, task: () => Promise<void>): void;
}
