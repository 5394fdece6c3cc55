import { EvaluationsSubjects, type EvaluationJson, type evaluations } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { submittedEvaluation } from '../../domain/evaluation';
import { evaluationEvent, evaluationJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluationContext } from '../shared/evaluation-context';
import type { EvaluationsStore } from '../store';

/**
 * Submits the caller's evaluation: it needs a recommendation and a rating of every current criterion (400 naming
 * each missing one; with nothing saved yet, all of them). Publishes EvaluationSubmitted once; submitting a submitted
 * evaluation answers it as it is.
 */
export async function submitEvaluation(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller<Principal>,
  request: { interviewUuid: string; reviewer?: evaluations.Reviewer },
): Promise<EvaluationJson> {
  const { who, card, now, fresh } = await evaluationContext(deps, caller, request);
  return deps.store.transaction(async (tx) => {
    const current = (await tx.evaluations.find(who.companyUuid, request.interviewUuid, who.evaluator, { lock: true })) ?? fresh;
    if (current.status === 'submitted') return evaluationJson(current);
    // With nothing saved, this throws the validation failure naming every missing field before anything is written.
    const submitted = submittedEvaluation(current, { criteria: card.criteria, evaluator: who.evaluator, now });
    await tx.evaluations.update(submitted);
    await tx.publish([evaluationEvent(EvaluationsSubjects.EvaluationSubmitted, submitted, await tx.evaluations.counts(request.interviewUuid))]);
    return evaluationJson(submitted);
  });
}
