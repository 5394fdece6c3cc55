import type { Store } from '@vi/platform-bus';
import type { Job, JobOrder, JobStatus } from '../domain/job';
import type { LocationInput } from '../domain/location';
import type { Applicant } from './ports';

/**
 * The jobs service's store as its use cases see it (decision 033): the repositories' interfaces, owned here; the SQL
 * repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory (both run the same contract specs).
 */
export interface JobsRepositories {
  readonly jobs: JobRepository;
  readonly locations: LocationRepository;
  readonly counters: JobCounterRepository;
  readonly applications: OpenInterviewApplicationRepository;
  readonly dailyApplications: DailyApplicationRepository;
  readonly videoDeletions: VideoDeletionRepository;
}

export type JobsStore = Store<JobsRepositories>;

export interface JobListQuery {
  companyUuid: string;
  statuses: JobStatus[];
  orderBy: JobOrder;
  offset: number;
  limit: number;
}

export interface JobRepository {
  /** A job of the company that is not deleted; `lock` holds its row until the transaction ends. */
  find(companyUuid: string, uuid: string, options?: { lock?: boolean }): Promise<Job | undefined>;
  /** One page (list items without description), and the company's counts in the same snapshot; undefined when the page is empty. */
  listCounted(query: JobListQuery): Promise<{ jobs: Job[]; counts?: JobCounts }>;
  /** The live job whose open interview has this uuid, in any company (decision 045). */
  findByOpenInterview(openInterviewUuid: string): Promise<Job | undefined>;
  /** The live job whose video has this uuid, in any company (decision 046). */
  findByVideo(videoUuid: string): Promise<Job | undefined>;
  insert(job: Job): Promise<void>;
  update(job: Job): Promise<void>;
  markDeleted(uuid: string, at: Date): Promise<void>;
}

export interface StoredLocation {
  uuid: string;
  formattedAddress: string;
}

export interface LocationRepository {
  /** The company's location with this address, created on first use (safe under concurrency). */
  findOrCreate(companyUuid: string, input: LocationInput): Promise<StoredLocation>;
}

export interface JobCounts {
  active: number;
  inactive: number;
  /** Moves with every change to the company's jobs, in the same transaction (decision 023). 0 before the first job. */
  version: number;
}

export interface JobCounterRepository {
  /** Locks the company's counter row (creating it if needed) until the transaction ends. */
  lock(companyUuid: string): Promise<JobCounts>;
  /** Counts one new job, last in its transaction; false (nothing counted) when an active job would pass `activeLimit` (-1 = none). */
  countNew(companyUuid: string, status: JobStatus, activeLimit: number): Promise<boolean>;
  read(companyUuid: string): Promise<JobCounts>;
  /** Moves one job between the counts (`null`: not counted, new or deleted) and moves the list's version. */
  move(companyUuid: string, from: JobStatus | null, to: JobStatus | null): Promise<void>;
}

export interface OpenInterviewApplication {
  /** Null while its creation is under way (or failed midway). */
  interviewUuid: string | null;
  /** When a repeat application last re-sent the invitation; null before any. */
  resentAt: Date | null;
}

/**
 * What an application's interview is created from, kept with its claim until the interview is attached or refused, so
 * that a creation the answer did not see through (a failure, a stopped process) is made by the resume sweep.
 */
export interface PendingApplication {
  applicant: Applicant;
  scheduledAt: Date;
}

/** A claim whose interview is still to be made, taken by the resume sweep. */
export interface ResumableApplication {
  openInterviewUuid: string;
  emailKey: string;
  /** The uuid its interview is created under (decision 063). */
  interviewUuid: string;
  pending: PendingApplication;
}

/**
 * An application's claim: at `at`, taking over a claim without an interview older than `staleBefore`; its
 * `interviewUuid` counts only when this is the email's first claim.
 */
export interface ClaimRequest extends ResumableApplication {
  at: Date;
  staleBefore: Date;
}

/** Applications through open interviews, one per email per open interview (decision 045). */
export interface OpenInterviewApplicationRepository {
  /**
   * Claims the email's application when new, or when an earlier claim never got its interview and is older than
   * `staleBefore`: answers the uuid its interview is to be created under (`interviewUuid` at the first claim, kept by
   * every later one, decision 063), or undefined when not claimed. The claim keeps `pending` until it is attached or
   * refused.
   */
  claim(request: ClaimRequest): Promise<string | undefined>;
  find(openInterviewUuid: string, emailKey: string): Promise<OpenInterviewApplication | undefined>;
  /** Attaches the interview made for the claim; what it was made from is no longer kept. */
  attach(openInterviewUuid: string, emailKey: string, interviewUuid: string): Promise<void>;
  /**
   * Gives a claim back when its interview's creation failed or was refused (nothing if one was attached): it may be
   * claimed again at once, and keeps its interview uuid. A refusal (`refused`) forgets what the interview was to be
   * made from; a failure keeps it for the resume sweep.
   */
  release(openInterviewUuid: string, emailKey: string, refused: boolean): Promise<void>;
  /**
   * Takes up to `limit` claims older than `staleBefore` whose interview is still to be made from what they keep, and
   * marks them claimed at `at`: each is taken by one caller, another replica's sweep skips it until it is stale again.
   */
  takeResumable(at: Date, staleBefore: Date, limit: number): Promise<ResumableApplication[]>;
  /** Records a re-sent invitation, only when none was re-sent after `lastBefore`: false means not now. */
  markResent(openInterviewUuid: string, emailKey: string, at: Date, lastBefore: Date): Promise<boolean>;
}

/** Applications counted per open interview and UTC day (issue 38), against the open interview's cap. */
export interface DailyApplicationRepository {
  /**
   * Counts one application of `day` (`YYYY-MM-DD`, UTC) when fewer than `cap` were counted: false means the cap is
   * reached, and nothing was counted. Concurrent counts never pass the cap.
   */
  count(openInterviewUuid: string, day: string, cap: number): Promise<boolean>;
}

/**
 * Job videos' objects to delete from media storage (decision 061), each recorded in the transaction that stops a job
 * showing it, or before the upload of one no job shows yet: a failed delete or a crash leaves its row for the sweep.
 */
export interface VideoDeletionRepository {
  /** The object of `storageKey` is to go from `after` on (a key scheduled again takes the new time). */
  schedule(storageKey: string, after: Date): Promise<void>;
  /** Keys whose time has come by `now`, the longest due first, at most `limit`. */
  due(now: Date, limit: number): Promise<string[]>;
  /** Forgets keys: their objects are gone, or a job shows them now. */
  forget(storageKeys: string[]): Promise<void>;
}
