import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { JobsStore } from '../store';
import type { IdentityDirectory, JobLinks } from '../ports';
import { renderJob } from '../job-rendering';
import { findJob } from '../shared/find-job';

export async function getJob(
  deps: { store: StoreOf<JobsStore, 'jobs'>; identity: IdentityDirectory; links: JobLinks },
  caller: Caller,
  jobUuid: string,
): Promise<jobs.Job> {
  return renderJob(deps.identity, deps.links, caller, await findJob(deps.store.read, caller, jobUuid));
}
