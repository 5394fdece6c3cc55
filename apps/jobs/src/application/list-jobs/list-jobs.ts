import { JOB_ORDERS, JOB_STATUSES, type jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { outsideVocabulary, validationFailed } from '@vi/platform-errors';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { JobOrder, JobStatus } from '../../domain/job';
import type { JobsStore } from '../store';
import type { IdentityDirectory, JobLinks } from '../ports';
import type { JobPageCache } from '../ports';
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
  deps: { store: StoreOf<JobsStore, 'jobs' | 'counters'>; identity: IdentityDirectory; links: JobLinks; pages: JobPageCache },
  caller: Caller,
  input: ListJobsInput,
): Promise<jobs.JobPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  // The order picks the statement's column and direction: checked here too, whoever the caller (decision 017).
  const errors = [outsideVocabulary('status[]', input.statuses, JOB_STATUSES), outsideVocabulary('orderby', [input.orderBy], JOB_ORDERS)].filter(
    (error) => error !== undefined,
  );
  if (errors.length > 0) throw validationFailed(errors);
  const statuses = [...new Set(input.statuses)].sort();
  const key = [companyUuid, input.orderBy, input.rangeFrom, input.rangeTo, ...statuses].join(' ');
  const current = await deps.store.read.counters.read(companyUuid);
  const cached = deps.pages.find(key, current.version);
  if (cached) return cached;

  const mark = deps.pages.mark();
  const page = await deps.store.read.jobs.listCounted({
    companyUuid,
    statuses,
    orderBy: input.orderBy,
    offset: input.rangeFrom,
    limit: input.rangeTo - input.rangeFrom + 1,
  });
  // An empty page (past the end) has no row to carry the counts: those read just before serve.
  const counts = page.counts ?? current;
  const counted = statuses.length === 0 ? ['active', 'inactive'] : statuses;
  const total = (counted.includes('active') ? counts.active : 0) + (counted.includes('inactive') ? counts.inactive : 0);
  const rendered = renderJobPage(await renderJobs(deps.identity, deps.links, caller, page.jobs), total);
  // Only a page read in one statement with its version is kept (an empty one reads its counts separately).
  if (page.counts) deps.pages.store(key, page.counts.version, mark, rendered);
  return rendered;
}
