import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf } from '@vi/platform-grpc';
import type { JobOrder, JobStatus } from '../../domain/job';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';
import { renderJobPage, renderJobs } from '../job-rendering';

export interface ListJobsInput {
  /** Empty means every status. */
  statuses: JobStatus[];
  orderBy: JobOrder;
  /** Inclusive, zero-based; the gateway has checked the bounds. */
  rangeFrom: number;
  rangeTo: number;
}

export async function listJobs(
  deps: { store: StoreOf<JobsStore, 'jobs' | 'counters'>; identity: IdentityDirectory },
  caller: Caller,
  input: ListJobsInput,
): Promise<jobs.JobPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  const statuses = [...new Set(input.statuses)];
  const page = await deps.store.read.jobs.listCounted({
    companyUuid,
    statuses,
    orderBy: input.orderBy,
    offset: input.rangeFrom,
    limit: input.rangeTo - input.rangeFrom + 1,
  });
  const counts = page.counts ?? (await deps.store.read.counters.read(companyUuid));
  const counted = statuses.length === 0 ? ['active', 'inactive'] : statuses;
  const total = (counted.includes('active') ? counts.active : 0) + (counted.includes('inactive') ? counts.inactive : 0);
  return renderJobPage(await renderJobs(deps.identity, caller, page.jobs), total);
}
