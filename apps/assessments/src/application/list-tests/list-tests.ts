import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { AtsAdapters } from '../../domain/ats/adapters';
import type { Test } from '../../domain/ats/adapter';
import type { JobsDirectory } from '../ports';
import { atsOf } from '../shared/ats-of';
import { testOf } from '../shared/test-of';

/** The company's tests in the ATS's shape (Greenhouse's list_tests, Ashby's assessment.list). */
export async function listTests(deps: { jobs: JobsDirectory; adapters: AtsAdapters }, caller: Caller, atsName: string): Promise<unknown> {
  companyUserOf(caller.principal);
  const adapter = deps.adapters[atsOf(atsName)];
  const candidates = await deps.jobs.activeJobsWithOpenInterview(caller);
  const read = await Promise.all(candidates.map((job) => deps.jobs.job(caller, job.uuid).then(testOf, () => undefined)));
  return adapter.testsBody(read.filter((test): test is Test => test !== undefined));
}
