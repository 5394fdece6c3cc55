import type { jobs } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';
import { renderJob } from '../job-rendering';

export async function getJob(deps: { store: JobsStore; identity: IdentityDirectory }, caller: Caller, jobUuid: string): Promise<jobs.Job> {
  // A job seeker learns nothing of which jobs exist: 404, as for another company's job.
  const { companyUuid } = companyUserOf(caller.principal, () => new JobsError(JobsErrorCode.JobNotFound));
  const job = await deps.store.read.jobs.find(companyUuid, jobUuid);
  if (!job) throw new JobsError(JobsErrorCode.JobNotFound);
  return renderJob(deps.identity, caller, job);
}
