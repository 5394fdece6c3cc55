import type { jobs } from '@vi/contracts';
import type { Clock } from '@vi/platform-time';
import { DirectoryCache, type Caller } from '@vi/platform-grpc';
import type { JobsDirectory } from '../application/ports';

/**
 * The jobs a creation asks for, kept in this process for a few seconds (decision 057): a recruiter's bulk invitation
 * or an applicant-tracking system's sync asks for the same job again and again, and each ask was a call to jobs that
 * cost more CPU than the rest of jobs' share of a creation. Jobs' `JobUpdated` and `JobDeleted` drop the entry on
 * every replica as soon as they arrive (`forgetJob`, a broadcast); the time to live bounds what a missed event can
 * leave behind. A fetch under way when an entry was dropped does not store what it read. An entry serves only the
 * company that found it (jobs finds a job for its own company only). `jobStatus`, the live check a candidate's answer
 * needs, is never cached.
 */
export class CachedJobsDirectory implements JobsDirectory {
  private readonly cache: DirectoryCache<{ companyUuid: string | null; job: jobs.Job }>;

  constructor(
    private readonly source: JobsDirectory,
    clock: Clock,
    ttlMs = 10_000,
    maxEntries = 10_000,
  ) {
    this.cache = new DirectoryCache({ clock, ttlMs, maxEntries });
  }

  async findJob(caller: Caller, jobUuid: string): Promise<jobs.Job | undefined> {
    const companyUuid = caller.principal.companyUuid;
    const kept = this.cache.get(jobUuid);
    if (kept && kept.companyUuid === companyUuid) return kept.job;
    const mark = this.cache.mark();
    const job = await this.source.findJob(caller, jobUuid);
    // Not found is not kept: it is rare, and a job made a moment later must be found at once.
    if (job) this.cache.store(jobUuid, { companyUuid, job }, mark);
    return job;
  }

  jobStatus(caller: Caller, job: { companyUuid: string; jobUuid: string }): Promise<string> {
    return this.source.jobStatus(caller, job);
  }

  /** The job changed (its status, title, video…) or was deleted. */
  forgetJob(jobUuid: string): void {
    this.cache.forget(jobUuid);
  }
}
