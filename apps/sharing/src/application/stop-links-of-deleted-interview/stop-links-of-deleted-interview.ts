import { SharingSubjects, type InterviewEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { deleted } from '../../domain/share-link';
import type { SharingStore } from '../store';
import { SHARING_SERVICE, type IdentityDirectory, type LinkTokens } from '../ports';
import { linkEvent, namesFor } from '../share-link-rendering';

/**
 * A deleted interview takes its basic link with it (ShareLinkDeleted).
 * Advanced links keep their other interviews: opening one checks every
 * interview at open time anyway; they forget the deleted one's candidate
 * name (decision 019: a job seeker's erasure deletes their interviews).
 * Idempotent on the event id.
 */
export async function stopLinksOfDeletedInterview(
  deps: { store: StoreOf<SharingStore, 'links'>; identity: IdentityDirectory; tokens: LinkTokens; clock: Clock },
  message: BusMessage,
): Promise<void> {
  const { interview } = message.payload as InterviewEventPayload;
  const companyUuid = interview.company?.uuid;
  if (!companyUuid) return;
  const current = await deps.store.read.links.basicLinksOf(companyUuid, interview.uuid);
  const names = await namesFor(deps.identity, { principal: SHARING_SERVICE }, current);
  await deps.store.transaction(async (tx) => {
    if (!(await tx.links.markProcessed(message.id))) return;
    const now = deps.clock.now();
    await tx.links.forgetCandidateOf(interview.uuid);
    for (const found of await tx.links.basicLinksOf(companyUuid, interview.uuid, { lock: true })) {
      const link = deleted(found, null, now);
      await tx.links.update(link);
      await tx.publish([linkEvent(SharingSubjects.ShareLinkDeleted, link, deps.tokens, names)]);
    }
  });
}
