import { SharingSubjects, type ShareLinkEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';

/**
 * Keeps each interview's `share_link` field current from the sharing
 * service's events (basic links only). Idempotent on the event id; the
 * link's version orders updates that arrive out of order.
 */
export async function applyShareLinkEvent(deps: { store: StoreOf<InterviewsStore, 'projections' | 'shareLinks'> }, message: BusMessage): Promise<void> {
  const payload = message.payload as ShareLinkEventPayload;
  if (payload.kind !== 'basic' || !payload.basic_link) return;
  const interviewUuid = payload.interviews[0]?.uuid;
  if (!interviewUuid) return;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.projections.markProcessed(message.id))) return;
    const link = message.subject === SharingSubjects.ShareLinkDeleted ? null : payload.basic_link;
    await tx.shareLinks.apply(interviewUuid, link, payload.version);
  });
}

export const SHARE_LINK_SUBJECTS = [SharingSubjects.ShareLinkCreated, SharingSubjects.ShareLinkUpdated, SharingSubjects.ShareLinkDeleted];
