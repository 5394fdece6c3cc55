import { SharedErrorCode, type DecisionJson, type DecisionValue } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import { validationFailed } from '@vi/platform-errors';
import type { Clock } from '@vi/platform-time';
import { decisionInputErrors, type Decision, type DecisionInput } from '../../domain/decision';
import { decisionJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluableInterview } from '../shared/evaluable-interview';
import { nameOf } from '../shared/evaluating-caller';
import { recordDecision } from '../shared/record-decision';
import type { EvaluationsStore } from '../store';

/** Any company user decides an evaluable interview; the decision replaces the one before (InterviewDecided). */
export async function decide(
  deps: { store: StoreOf<EvaluationsStore, 'decisions' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller,
  interviewUuid: string,
  input: DecisionInput,
): Promise<DecisionJson> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const errors = decisionInputErrors(input);
  if (errors.length > 0) throw validationFailed(errors);
  const shared = await evaluableInterview(deps.interviews, caller, companyUuid, interviewUuid);
  const decision: Decision = {
    interviewUuid,
    companyUuid,
    decision: input.decision as DecisionValue,
    decidedBy: { uuid: userUuid, name: await nameOf(deps.identity, caller, userUuid) },
    decidedAt: deps.clock.now(),
  };
  await deps.store.transaction((tx) => recordDecision(tx, decision, shared, input));
  return decisionJson(decision);
}
