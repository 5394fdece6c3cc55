import { type interviews, SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { type Principal, requireOperator, sharedError } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import type { CandidateLinks } from '../ports';

/** The only caller: the notifications service, when it sends an invitation or a reminder. */
export const CANDIDATE_LINK_CALLER = 'notifications';

/**
 * A fresh candidate link, signed when the notifications service sends the
 * message (decision 018): no event, outbox row or message row holds a usable
 * token. Only an interview the job seeker can still answer (requested or
 * accepted, not deleted) gets one; otherwise 404, and the message is not sent.
 */
export async function issueCandidateLink(
  deps: { store: StoreOf<InterviewsStore, 'interviews'>; links: CandidateLinks },
  caller: Principal,
  interviewUuid: string,
): Promise<interviews.CandidateLink> {
  requireOperator(caller, CANDIDATE_LINK_CALLER);
  const interview = await deps.store.read.interviews.findForSupport(interviewUuid);
  if (!interview || (interview.status !== 'requested' && interview.status !== 'accepted')) throw sharedError(SharedErrorCode.InterviewNotFound);
  return { url: deps.links.linkFor(interview) };
}
