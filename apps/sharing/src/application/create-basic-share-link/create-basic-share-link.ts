import { randomUUID } from 'node:crypto';
import { type interviews, SharedErrorCode, SharingSubjects } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { newShareLink, requireShareable } from '../../domain/share-link';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
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
export async function createBasicShareLink(deps: BasicLinkDeps, caller: Caller, interviewUuid: string): Promise<interviews.ShareLink> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const [found] = await deps.interviews.sharedInterviews(caller, companyUuid, [interviewUuid], false);
  requireShareable(found?.interview);
  const existing = await deps.store.read.links.findBasic(companyUuid, interviewUuid);
  if (existing) return renderBasic(existing, deps.tokens, await namesFor(deps.identity, caller, [existing]));

  const link = newShareLink({
    uuid: randomUUID(),
    kind: 'basic',
    companyUuid,
    userUuid,
    status: 'active',
    interviews: [linkedInterviewOf(found.interview!)],
    now: deps.clock.now(),
  });
  const names = await namesFor(deps.identity, caller, [link]);
  try {
    await deps.store.transaction(async (tx) => {
      await tx.links.insert(link, deps.tokens.hashOf(deps.tokens.tokenFor(link.uuid))!);
      await tx.publish([linkEvent(SharingSubjects.ShareLinkCreated, link, deps.tokens, names)]);
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'share_links_one_basic')) throw error;
    const winner = await deps.store.read.links.findBasic(companyUuid, interviewUuid);
    if (!winner) throw error;
    return renderBasic(winner, deps.tokens, await namesFor(deps.identity, caller, [winner]));
  }
  return renderBasic(link, deps.tokens, names);
}
