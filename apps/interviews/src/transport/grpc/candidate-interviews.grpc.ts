import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { acceptInterview } from '../../application/accept-interview/accept-interview';
import { completeInterview } from '../../application/complete-interview/complete-interview';
import { eraseCandidate } from '../../application/erase-candidate/erase-candidate';
import { getCandidateInterview } from '../../application/get-candidate-interview/get-candidate-interview';
import { issueCandidateLink, issueCandidateLinks } from '../../application/issue-candidate-link/issue-candidate-link';
import { requestAccommodation } from '../../application/request-accommodation/request-accommodation';
import { resolveCandidateToken } from '../../application/resolve-candidate-token/resolve-candidate-token';
import { skipQuestion } from '../../application/skip-question/skip-question';
import type { InterviewsGrpcDeps } from './grpc-deps';

/** Transport only: request → use case → response message. The job seeker's side: their link, their answers, their erasure. */
export function candidateInterviewsHandlers(deps: InterviewsGrpcDeps): UnaryHandlers<typeof interviews.CandidateInterviewsServiceService> {
  return {
    resolveCandidateToken: async (req, ctx) => resolveCandidateToken(deps, ctx.principal, req),
    issueCandidateLink: async (req, ctx) => issueCandidateLink(deps, ctx.principal, req.interview_uuid),
    issueCandidateLinks: async (req, ctx) => issueCandidateLinks(deps, ctx.principal, req.interview_uuids),
    eraseCandidate: async (req, ctx) =>
      eraseCandidate(deps, ctx.principal, { candidateUuid: req.candidate_uuid, erasedName: req.erased_name, erasedEmail: req.erased_email }),
    getCandidateInterview: async (req, ctx) => getCandidateInterview(deps, callerOf(ctx), req.interview_uuid),
    acceptInterview: async (req, ctx) => acceptInterview(deps, callerOf(ctx), req.interview_uuid),
    skipQuestion: async (req, ctx) => skipQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    completeInterview: async (req, ctx) => completeInterview(deps, callerOf(ctx), req.interview_uuid),
    requestAccommodation: async (req, ctx) => requestAccommodation(deps, callerOf(ctx), { interviewUuid: req.interview_uuid, message: req.message }),
  };
}
