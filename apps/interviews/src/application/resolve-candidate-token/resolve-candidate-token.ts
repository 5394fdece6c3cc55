import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import { toRfc3339, type Clock } from '@vi/platform-time';
import { actionableUntil, LATE_TAKE_WINDOW_MS } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';

export interface CandidateTokenVerifier {
  verify(token: string): { interviewUuid: string; candidateUuid: string } | null;
}

/**
 * For the gateway: the interview and job seeker a candidate token acts for, or 401. Until the interview's due time
 * the token opens every candidate request; after it, only a take upload, for the late-take window (decision 042).
 */
export async function resolveCandidateToken(
  deps: { store: StoreOf<InterviewsStore, 'interviews'>; tokens: CandidateTokenVerifier; clock: Clock },
  caller: Principal,
  request: interviews.CandidateTokenRequest,
): Promise<interviews.CandidateScope> {
  const token = request.token;
  const invalid = new InterviewsError(InterviewsErrorCode.CandidateTokenInvalid);
  if (caller.kind !== 'service') throw invalid;
  const scope = deps.tokens.verify(token);
  if (!scope) throw invalid;
  const interview = await deps.store.read.interviews.findAssigned(scope.interviewUuid, scope.candidateUuid);
  if (!interview) throw invalid;
  const validUntil =
    actionableUntil(interview.type, interview.scheduledAt).getTime() + (request.for_take_upload && interview.type === 'one_way' ? LATE_TAKE_WINDOW_MS : 0);
  if (deps.clock.now().getTime() >= validUntil) throw invalid;
  return { interview_uuid: scope.interviewUuid, candidate_uuid: scope.candidateUuid, valid_until: toRfc3339(new Date(validUntil)) };
}
