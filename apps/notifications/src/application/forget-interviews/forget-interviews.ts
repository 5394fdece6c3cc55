import type { notifications } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { NotificationsStore } from '../store';

/** The one event integrators still get about an erased job seeker's interview (it shows the erased name). */
const KEPT_EVENT_TYPE = 'InterviewDeleted';

/**
 * Part of erasing a job seeker (decision 019): the emails and SMS of their interviews (pending ones are not sent),
 * their live interviews' calendar SEQUENCEs,
 * and every delivery, delivery attempt and last notification of those interviews except InterviewDeleted, which
 * tells integrators that the interview is gone. Operators only.
 */
export async function forgetInterviews(
  deps: { store: StoreOf<NotificationsStore, 'messages' | 'deliveries' | 'calendars'> },
  caller: Principal,
  interviewUuids: string[],
): Promise<notifications.ForgottenRecords> {
  requireOperator(caller);
  if (interviewUuids.length === 0) return { messages: 0, deliveries: 0 };
  return deps.store.transaction(async (tx) => {
    await tx.calendars.deleteOfInterviews(interviewUuids);
    return {
      messages: await tx.messages.deleteOfInterviews(interviewUuids),
      deliveries: await tx.deliveries.deleteOfResources(interviewUuids, KEPT_EVENT_TYPE),
    };
  });
}
