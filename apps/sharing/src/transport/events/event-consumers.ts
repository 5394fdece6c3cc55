import { InterviewsSubjects } from '@vi/contracts';
import type { EventConsumer } from '@vi/platform-bus';
import { stopLinksOfDeletedInterview } from '../../application/stop-links-of-deleted-interview/stop-links-of-deleted-interview';

/** The events sharing consumes, as data the composition root starts (decision 028). */
export function sharingEventConsumers(deps: Parameters<typeof stopLinksOfDeletedInterview>[0]): EventConsumer[] {
  return [
    // A deleted interview's basic link is deleted too.
    {
      durable: 'sharing-interview-deletions',
      subjects: [InterviewsSubjects.InterviewDeleted],
      handler: (message) => stopLinksOfDeletedInterview(deps, message),
    },
  ];
}
