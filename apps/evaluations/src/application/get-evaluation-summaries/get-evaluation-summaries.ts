import type { evaluations } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Caller, type Principal } from '@vi/platform-grpc';
import { validationFailed } from '@vi/platform-errors';
import { summaryOf } from '../../domain/evaluation';
import { ASSESSMENTS_SERVICE } from '../ports';
import type { EvaluationsStore } from '../store';

/** Enough for a page of orders; one read per interview. */
export const MAX_SUMMARIES = 100;

/**
 * The summaries of a company's interviews for the assessments service (decision 071): an order's score is the
 * summary's `overall_average`, the same rule as the REST summary, whatever the card's visibility (no evaluator
 * reads it). Anyone else: 403 `api.operator_required`, as for a reviewer passed by anyone but the gateway.
 */
export async function getEvaluationSummaries(
  deps: { store: StoreOf<EvaluationsStore, 'evaluations'> },
  caller: Caller<Principal>,
  request: { companyUuid: string; interviewUuids: string[] },
): Promise<evaluations.EvaluationSummaries> {
  requireOperator(caller.principal, ASSESSMENTS_SERVICE);
  const interviewUuids = [...new Set(request.interviewUuids)];
  if (interviewUuids.length > MAX_SUMMARIES) {
    throw validationFailed([{ field: 'interview_uuids', reason: `at most ${MAX_SUMMARIES}`, code: 'too_big' }]);
  }
  const summaries = await Promise.all(
    interviewUuids.map(async (interviewUuid): Promise<evaluations.EvaluationSummary> => {
      // The criteria do not matter to the overall average: none asked.
      const summary = summaryOf(await deps.store.read.evaluations.listOf(request.companyUuid, interviewUuid), []);
      return {
        interview_uuid: interviewUuid,
        submitted: summary.submitted,
        overall_average: summary.overallAverage ?? undefined,
        recommendations: summary.recommendations,
      };
    }),
  );
  return { summaries };
}
