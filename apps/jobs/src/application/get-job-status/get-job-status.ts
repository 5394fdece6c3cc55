import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { JobsStore } from '../store';

/**
 * The job's status as it is now, for interviews alone: a candidate's completion is refused once the job is inactive,
 * and interviews' projection of jobs may lag the change (issue 29). A deleted job, or none of that company, is
 * inactive.
 */
export async function getJobStatus(
  deps: { store: StoreOf<JobsStore, 'jobs'> },
  caller: Principal,
  ref: { companyUuid: string; jobUuid: string },
): Promise<jobs.JobStatus> {
  requireOperator(caller, 'interviews');
  const job = await deps.store.read.jobs.find(ref.companyUuid, ref.jobUuid);
  return { status: job?.status ?? 'inactive' };
}
