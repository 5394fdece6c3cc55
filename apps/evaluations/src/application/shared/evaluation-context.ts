import { randomUUID } from 'node:crypto';
import type { evaluations } from '@vi/contracts';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { newEvaluation, type Evaluation } from '../../domain/evaluation';
import type { Scorecard } from '../../domain/scorecard';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import type { ScorecardRepository } from '../store';
import { evaluableInterview } from './evaluable-interview';
import { evaluatingCaller, type EvaluatingCaller } from './evaluating-caller';
import { scorecardOfInterview } from './scorecard-of-interview';

/** What reading, saving or submitting one's evaluation starts from, found before any transaction (decision 028). */
export interface EvaluationContext {
  who: EvaluatingCaller;
  /** The card of the interview's job as it is now. */
  card: Scorecard;
  now: Date;
  /** The evaluator's evaluation as it is before their first save. */
  fresh: Evaluation;
}

/** Who evaluates (404 or 403 as `evaluatingCaller` says), the interview if evaluable (404, 409), its card, now. */
export async function evaluationContext(
  deps: { store: { read: { scorecards: Pick<ScorecardRepository, 'find'> } }; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller<Principal>,
  request: { interviewUuid: string; reviewer?: evaluations.Reviewer },
): Promise<EvaluationContext> {
  const who = await evaluatingCaller(deps.identity, caller, request.interviewUuid, request.reviewer);
  const shared = await evaluableInterview(deps.interviews, who.upstream, who.companyUuid, request.interviewUuid);
  const card = await scorecardOfInterview(deps.store.read.scorecards, who.companyUuid, shared);
  const now = deps.clock.now();
  const fresh = newEvaluation({ uuid: randomUUID(), interviewUuid: request.interviewUuid, companyUuid: who.companyUuid, evaluator: who.evaluator, now });
  return { who, card, now, fresh };
}
