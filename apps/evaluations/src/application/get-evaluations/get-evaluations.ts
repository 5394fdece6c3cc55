import type { evaluations, InterviewEvaluationsJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { interviewEvaluationsJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluationContext } from '../shared/evaluation-context';
import type { EvaluationsStore } from '../store';

/** `{mine, others, summary, visibility}` of an evaluable interview, for a company user or a link's reviewer. */
export async function getEvaluations(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller<Principal>,
  request: { interviewUuid: string; reviewer?: evaluations.Reviewer },
): Promise<InterviewEvaluationsJson> {
  const { who, card } = await evaluationContext(deps, caller, request);
  const all = await deps.store.read.evaluations.listOf(who.companyUuid, request.interviewUuid);
  return interviewEvaluationsJson(all, who.evaluator, card);
}
