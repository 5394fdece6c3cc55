import { randomUUID } from 'node:crypto';
import { type interviews, SharedErrorCode, SharingSubjects } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller, type Principal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { newShareLink, requireShareable } from '../../domain/share-link';
import type { SharingStore } from '../store';
import { ASSESSMENTS_SERVICE, SHARING_SERVICE, type IdentityDirectory, type InterviewsDirectory, type LinkTokens } from '../ports';
import { linkedInterviewOf, linkEvent, namesFor, renderBasic } from '../share-link-rendering';

export interface BasicLinkDeps {
  store: StoreOf<SharingStore, 'links'>;
  identity: IdentityDirectory;
  interviews: InterviewsDirectory;
  tokens: LinkTokens;
  clock: Clock;
}

/**
 * The interview's one basic link: created active on the first call, returned
 * as it is on every later one. Two concurrent first calls meet on the unique
 * index `share_links_one_basic`; the loser returns the winner's link.
 */
export async function createBasicShareLink(
  deps: BasicLinkDeps,
  caller: Caller<Principal>,
  interviewUuid: string,
  options: { companyUuid?: string } = {},
): Promise<interviews.ShareLink> {
  const { companyUuid, userUuid: asUser, upstream } = linkMaker(caller, options.companyUuid);
  const [found] = await deps.interviews.sharedInterviews(upstream, companyUuid, [interviewUuid], false);
  requireShareable(found?.interview);
  // The assessments service makes it in the name of the interview's creator (the user its order was created as).
  const userUuid = asUser ?? found.interview!.created_by?.uuid;
  if (!userUuid) throw new Error(`interview ${interviewUuid} has no creator`);
  const existing = await deps.store.read.links.findBasic(companyUuid, interviewUuid);
  if (existing) return renderBasic(existing, deps.tokens, await namesFor(deps.identity, upstream, [existing]));

  const link = newShareLink({
    uuid: randomUUID(),
    kind: 'basic',
    companyUuid,
    userUuid,
    status: 'active',
    interviews: [linkedInterviewOf(found.interview!)],
    now: deps.clock.now(),
  });
  const names = await namesFor(deps.identity, upstream, [link]);
  try {
    await deps.store.transaction(async (tx) => {
      await tx.links.insert(link, deps.tokens.hashOf(deps.tokens.tokenFor(link.uuid))!);
      await tx.publish([linkEvent(SharingSubjects.ShareLinkCreated, link, deps.tokens, names)]);
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'share_links_one_basic')) throw error;
    const winner = await deps.store.read.links.findBasic(companyUuid, interviewUuid);
    if (!winner) throw error;
    return renderBasic(winner, deps.tokens, await namesFor(deps.identity, upstream, [winner]));
  }
  return renderBasic(link, deps.tokens, names);
}

/**
 * Who makes the link, and as whom the other services are asked: a company user for their company, or the assessments
 * service for the company it names (decision 071), read as this service. Anyone else: 404, as for the interview.
 */
function linkMaker(caller: Caller<Principal>, companyUuid: string | undefined): { companyUuid: string; userUuid?: string; upstream: Caller<Principal> } {
  const { principal } = caller;
  if (principal.kind === 'service') {
    if (principal.service !== ASSESSMENTS_SERVICE || !companyUuid) throw sharedError(SharedErrorCode.InterviewNotFound);
    return { companyUuid, upstream: { principal: SHARING_SERVICE, deadline: caller.deadline } };
  }
  const user = companyUserOf(principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  return { ...user, upstream: caller };
}
