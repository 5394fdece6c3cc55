import { EVALUATION_LIMITS, type DecisionResultsJson, type DecisionValue } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { isEvaluable } from '../../domain/evaluable-interview';
import { decisionInputErrors, type DecisionInput } from '../../domain/decision';
import { fieldError } from '../../domain/field-errors';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { nameOf } from '../shared/evaluating-caller';
import { recordDecision } from '../shared/record-decision';
import type { EvaluationsStore } from '../store';

/**
 * One decision for up to 100 interviews: each answers 200 (decided), 404 (not found, or not the company's) or 409
 * (not evaluable), and the evaluable ones are decided in one transaction, each with its InterviewDecided.
 */
export async function decideMany(
  deps: { store: StoreOf<EvaluationsStore, 'decisions' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller,
  interviewUuids: string[],
  input: DecisionInput,
): Promise<DecisionResultsJson> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal);
  const uuids = [...new Set(interviewUuids)];
  const errors = decisionInputErrors(input);
  if (uuids.length === 0 || uuids.length > EVALUATION_LIMITS.bulkDecisions) {
    errors.push(fieldError('interviews', `must name 1 to ${EVALUATION_LIMITS.bulkDecisions} interviews`, uuids.length === 0 ? 'too_small' : 'too_big'));
  }
  if (errors.length > 0) throw validationFailed(errors);

  const found = new Map((await deps.interviews.sharedInterviews(caller, companyUuid, uuids)).map((s) => [s.interview?.uuid, s]));
  const decidedBy = { uuid: userUuid, name: await nameOf(deps.identity, caller, userUuid) };
  const decidedAt = deps.clock.now();
  const results = uuids.map((uuid) => {
    const shared = found.get(uuid);
    return { uuid, shared, status: !shared ? (404 as const) : isEvaluable(shared) ? (200 as const) : (409 as const) };
  });
  await deps.store.transaction(async (tx) => {
    for (const { uuid, shared, status } of results) {
      if (status !== 200 || !shared) continue;
      await recordDecision(tx, { interviewUuid: uuid, companyUuid, decision: input.decision as DecisionValue, decidedBy, decidedAt }, shared, input);
    }
  });
  return { results: results.map(({ uuid, status }) => ({ uuid, status })) };
}
