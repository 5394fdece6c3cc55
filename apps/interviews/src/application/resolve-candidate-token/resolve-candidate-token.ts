import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';

export interface CandidateTokenVerifier {
  verify(token: string): { interviewUuid: string; candidateUuid: string } | null;
}

/** For the gateway: the interview and job seeker a candidate token acts for, or 401. */
export async function resolveCandidateToken(
  deps: { store: StoreOf<InterviewsStore, 'interviews'>; tokens: CandidateTokenVerifier },
  caller: Principal,
  token: string,
): Promise<interviews.CandidateScope> {
  const invalid = new InterviewsError(InterviewsErrorCode.CandidateTokenInvalid);
  if (caller.kind !== 'service') throw invalid;
  const scope = deps.tokens.verify(token);
  if (!scope) throw invalid;
  if (!(await deps.store.read.interviews.findAssigned(scope.interviewUuid, scope.candidateUuid))) throw invalid;
  return { interview_uuid: scope.interviewUuid, candidate_uuid: scope.candidateUuid };
}
