import type { ScorecardJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { emptyScorecard } from '../../domain/scorecard';
import { scorecardJson } from '../evaluation-rendering';
import type { JobsDirectory } from '../ports';
import type { EvaluationsStore } from '../store';

/** A job's scorecard, for any company user who can see the job (jobs answers its own 404 otherwise). */
export async function getScorecard(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards'>; jobs: JobsDirectory },
  caller: Caller,
  jobUuid: string,
): Promise<ScorecardJson> {
  const { companyUuid } = companyUserOf(caller.principal);
  const job = await deps.jobs.job(caller, jobUuid);
  return scorecardJson((await deps.store.read.scorecards.find(companyUuid, job.uuid)) ?? emptyScorecard(companyUuid, job.uuid));
}
