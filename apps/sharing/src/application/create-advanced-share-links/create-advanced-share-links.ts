import { randomUUID } from 'node:crypto';
import { SharingSubjects, type sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { newShareLink, parseStatus, requireAdvancedFeature, requireAllShareable } from '../../domain/share-link';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens } from '../ports';
import { linkedInterviewOf, linkEvent, namesFor, renderAdvanced } from '../share-link-rendering';

export interface CreateAdvancedInput {
  status: string;
  sendEmail: boolean;
  reviewers: { name: string; email: string }[];
  interviewUuids: string[];
}

/**
 * One advanced link per reviewer, each opening the same completed interviews
 * of the caller's company. ShareLinkCreated carries `send_email`: the
 * notifications service emails the reviewer only when it is true.
 */
export async function createAdvancedShareLinks(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens; clock: Clock },
  caller: Caller,
  input: CreateAdvancedInput,
): Promise<sharing.AdvancedShareLinkList> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal);
  const status = parseStatus(input.status);
  requireAdvancedFeature(await deps.identity.planFeatures(caller, companyUuid));
  const interviewUuids = [...new Set(input.interviewUuids)];
  const found = await deps.interviews.sharedInterviews(caller, companyUuid, interviewUuids, false);
  const byUuid = new Map(found.flatMap((s) => (s.interview ? [[s.interview.uuid, s.interview] as const] : [])));
  requireAllShareable(interviewUuids, byUuid);

  const now = deps.clock.now();
  const links = input.reviewers.map((reviewer) =>
    newShareLink({
      uuid: randomUUID(),
      kind: 'advanced',
      companyUuid,
      userUuid,
      status,
      reviewer: { name: reviewer.name, email: reviewer.email },
      sendEmail: input.sendEmail,
      interviews: interviewUuids.map((uuid) => linkedInterviewOf(byUuid.get(uuid)!)),
      now,
    }),
  );
  const names = await namesFor(deps.identity, caller, links);
  await deps.store.transaction(async (tx) => {
    for (const link of links) await tx.links.insert(link, deps.tokens.hashOf(deps.tokens.tokenFor(link.uuid))!);
    await tx.publish(links.map((link) => linkEvent(SharingSubjects.ShareLinkCreated, link, deps.tokens, names)));
  });
  // The create response names the job (of the first interview) instead of the interviews.
  const first = links[0]?.interviews[0];
  const job = first ? { uuid: first.jobUuid ?? '', title: first.jobTitle ?? '' } : undefined;
  return { links: links.map((link) => renderAdvanced(link, deps.tokens, names, { interviews: [], job })) };
}
