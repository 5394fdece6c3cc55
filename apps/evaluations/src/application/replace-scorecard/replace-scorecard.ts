import { randomUUID } from 'node:crypto';
import { SharedErrorCode, type ScorecardJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { emptyScorecard, replacedScorecard, type ScorecardInput } from '../../domain/scorecard';
import { scorecardJson } from '../evaluation-rendering';
import type { JobsDirectory } from '../ports';
import type { EvaluationsStore } from '../store';

/**
 * Replaces a job's scorecard: an administrator or the job's creator (403 api.administrator_required for any other
 * company user). Criteria named by uuid keep it; those left out are removed (their ratings stay in evaluations).
 */
export async function replaceScorecard(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards'>; jobs: JobsDirectory; clock: Clock },
  caller: Caller,
  jobUuid: string,
  input: ScorecardInput,
): Promise<ScorecardJson> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal);
  const job = await deps.jobs.job(caller, jobUuid);
  if (caller.principal.role !== 'administrator' && job.created_by?.uuid !== userUuid) throw sharedError(SharedErrorCode.AdministratorRequired);
  return deps.store.transaction(async (tx) => {
    const current = (await tx.scorecards.find(companyUuid, job.uuid)) ?? emptyScorecard(companyUuid, job.uuid);
    const card = replacedScorecard(current, input, { by: userUuid, at: deps.clock.now(), newUuid: randomUUID });
    await tx.scorecards.save(card);
    return scorecardJson(card);
  });
}
