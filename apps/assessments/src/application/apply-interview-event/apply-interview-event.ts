import { EvaluationsSubjects, InterviewsSubjects, type EvaluationEventPayload, type InterviewEventPayload } from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import type { InterviewChange } from '../../domain/order';
import { changeOrder, type ApplyChangeDeps } from '../shared/apply-change';

/** What each consumed subject means for an order (decision 071's "What it learns from events"). */
export const CHANGE_OF_SUBJECT: Record<string, InterviewChange> = {
  [InterviewsSubjects.InterviewAccepted]: 'accepted',
  [InterviewsSubjects.InterviewCompleted]: 'completed',
  [InterviewsSubjects.InterviewExpired]: 'expired',
  [InterviewsSubjects.InterviewCanceled]: 'canceled',
  [InterviewsSubjects.InterviewDeleted]: 'deleted',
  [InterviewsSubjects.InterviewRated]: 'scored',
  [EvaluationsSubjects.EvaluationSubmitted]: 'scored',
};

export const ORDER_EVENT_SUBJECTS = Object.keys(CHANGE_OF_SUBJECT);

/** The interview an event is about: interviews' events carry it, evaluations' name it. */
function interviewUuidOf(message: BusMessage): string | undefined {
  const payload = message.payload as Partial<InterviewEventPayload & EvaluationEventPayload>;
  return payload.interview?.uuid ?? payload.interview_uuid;
}

/** An interview's or an evaluation's event: idempotent on the event id; an interview that is no order's is ignored. */
export async function applyInterviewEvent(deps: ApplyChangeDeps, message: BusMessage): Promise<void> {
  const what = CHANGE_OF_SUBJECT[message.subject];
  const interviewUuid = interviewUuidOf(message);
  if (!what || !interviewUuid) return;
  const scheduled = await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return false;
    return changeOrder(tx, deps, interviewUuid, what);
  });
  if (scheduled) deps.wake();
}
