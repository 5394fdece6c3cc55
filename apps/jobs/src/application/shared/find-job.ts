import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Job } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { JobsStore } from '../store';

/**
 * A live job of the caller's company (locked when asked). Another company's job, a deleted one, and any job asked
 * for by a job seeker are the same 404: nobody learns which jobs exist elsewhere.
 */
export async function findJob(repos: ReposOf<JobsStore, 'jobs'>, caller: Caller, jobUuid: string, options: { lock?: boolean } = {}): Promise<Job> {
  const { companyUuid } = companyUserOf(caller.principal, () => new JobsError(JobsErrorCode.JobNotFound));
  const job = await repos.jobs.find(companyUuid, jobUuid, options);
  if (!job) throw new JobsError(JobsErrorCode.JobNotFound);
  return job;
}
