import { EvaluationsSubjects, type EvaluationJson, type evaluations } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { savedEvaluation, type EvaluationChanges } from '../../domain/evaluation';
import { evaluationEvent, evaluationJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluationContext } from '../shared/evaluation-context';
import type { EvaluationsStore } from '../store';

/**
 * Saves the caller's draft, or amends their submitted evaluation (it stays submitted, so it must still be complete).
 * The first save makes the row (`insert … on conflict do nothing`: two at once make one) and publishes
 * EvaluationStarted with the interview's counts; later saves publish nothing.
 */
export async function saveEvaluation(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller<Principal>,
  request: { interviewUuid: string; reviewer?: evaluations.Reviewer; changes: EvaluationChanges },
): Promise<EvaluationJson> {
  const { who, card, now, fresh } = await evaluationContext(deps, caller, request);
  return deps.store.transaction(async (tx) => {
    const made = await tx.evaluations.insertIfAbsent(fresh);
    const current = await tx.evaluations.find(who.companyUuid, request.interviewUuid, who.evaluator, { lock: true });
    if (!current) throw new Error(`The evaluation of ${request.interviewUuid} by ${who.evaluator.type} ${who.evaluator.uuid} was not found after its insert`);
    const saved = savedEvaluation(current, request.changes, { criteria: card.criteria, evaluator: who.evaluator, now });
    await tx.evaluations.update(saved);
    if (made) await tx.publish([evaluationEvent(EvaluationsSubjects.EvaluationStarted, saved, await tx.evaluations.counts(request.interviewUuid))]);
    return evaluationJson(saved);
  });
}
