import { type interviews, SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { type Principal, requireOperator, sharedError } from '@vi/platform-grpc';
import type { InterviewsStore } from '../store';
import type { CandidateLinks } from '../ports';

/** The only caller: the notifications service, when it sends an invitation or a reminder. */
export const CANDIDATE_LINK_CALLER = 'notifications';

type Deps = { store: StoreOf<InterviewsStore, 'interviews'>; links: CandidateLinks };

/**
 * Fresh candidate links, signed when the notifications service sends the messages (decision 018): no event, outbox
 * row or message row holds a usable token. Only an interview the job seeker can still answer (requested or
 * accepted, not deleted) gets one; the others are left out, and their messages are not sent. One read for every
 * interview asked: the notifications dispatcher asks for all the invitations of one pass at once (decision 051).
 */
export async function issueCandidateLinks(deps: Deps, caller: Principal, interviewUuids: string[]): Promise<interviews.CandidateLinks> {
  requireOperator(caller, CANDIDATE_LINK_CALLER);
  if (interviewUuids.length === 0) return { links: [] };
  const found = await deps.store.read.interviews.findManyForSupport([...new Set(interviewUuids)]);
  return {
    links: found
      .filter((interview) => interview.status === 'requested' || interview.status === 'accepted')
      .map((interview) => ({ interview_uuid: interview.uuid, url: deps.links.linkFor(interview) })),
  };
}

/** One interview's link (callers not upgraded to `issueCandidateLinks`); 404 when it no longer issues one. */
export async function issueCandidateLink(deps: Deps, caller: Principal, interviewUuid: string): Promise<interviews.CandidateLink> {
  const [link] = (await issueCandidateLinks(deps, caller, [interviewUuid])).links;
  if (!link) throw sharedError(SharedErrorCode.InterviewNotFound);
  return { url: link.url };
}
