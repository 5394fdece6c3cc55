import type { evaluations, InterviewEvaluationsJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller, Principal } from '@vi/platform-grpc';
import { interviewEvaluationsJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluableInterview } from '../shared/evaluable-interview';
import { evaluatingCaller } from '../shared/evaluating-caller';
import { scorecardOfInterview } from '../shared/scorecard-of-interview';
import type { EvaluationsStore } from '../store';

/** `{mine, others, summary, visibility}` of an evaluable interview, for a company user or a link's reviewer. */
export async function getEvaluations(
  deps: { store: StoreOf<EvaluationsStore, 'scorecards' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory },
  caller: Caller<Principal>,
  request: { interviewUuid: string; reviewer?: evaluations.Reviewer },
): Promise<InterviewEvaluationsJson> {
  const who = await evaluatingCaller(deps.identity, caller, request.interviewUuid, request.reviewer);
  const shared = await evaluableInterview(deps.interviews, who.upstream, who.companyUuid, request.interviewUuid);
  const [card, all] = await Promise.all([
    scorecardOfInterview(deps.store.read.scorecards, who.companyUuid, shared),
    deps.store.read.evaluations.listOf(who.companyUuid, request.interviewUuid),
  ]);
  return interviewEvaluationsJson(all, who.evaluator, card);
}
