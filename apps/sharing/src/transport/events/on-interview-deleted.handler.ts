import { InterviewsSubjects } from '@vi/contracts';
import type { EventBus, Subscription } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { IdentityDirectory, LinkTokens } from '../../application/directories';
import { stopLinksOfDeletedInterview } from '../../application/stop-links-of-deleted-interview/stop-links-of-deleted-interview';
import type { SharingStore } from '../../infrastructure/sharing.store';

/** Durable consumer `sharing-interview-deletions`: a deleted interview's basic link is deleted too. */
export function onInterviewDeleted(bus: EventBus, deps: { store: SharingStore; identity: IdentityDirectory; tokens: LinkTokens; clock: Clock }): Promise<Subscription> {
  return bus.consume({
    durable: 'sharing-interview-deletions',
    subjects: [InterviewsSubjects.InterviewDeleted],
    handler: (message) => stopLinksOfDeletedInterview(deps, message),
  });
}
