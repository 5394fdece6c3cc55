import type { jobs } from '@vi/contracts';
import { jobCompanyOf } from '../../domain/job';
import { JobsError, JobsErrorCode } from '../../domain/jobs.errors';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';
import { renderJob } from '../job-rendering';

export async function getJob(deps: { store: JobsStore; identity: IdentityDirectory }, caller: Caller, jobUuid: string): Promise<jobs.Job> {
  const job = await deps.store.read.jobs.find(jobCompanyOf(caller.principal), jobUuid);
  if (!job) throw new JobsError(JobsErrorCode.JobNotFound);
  return renderJob(deps.identity, caller, job);
}
