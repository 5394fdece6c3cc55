import { InterviewsSubjects, type InterviewEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { EvaluationsStore } from '../store';

/** The interviews events after which what the team said of an interview goes: its answers are gone (decision 070). */
export const FORGET_INTERVIEW_SUBJECTS = [InterviewsSubjects.InterviewDeleted, InterviewsSubjects.InterviewReset];

/** Removes the interview's evaluations, comments and decision; idempotent on the event id. */
export async function forgetInterview(
  deps: { store: StoreOf<EvaluationsStore, 'evaluations' | 'comments' | 'decisions' | 'processedEvents'> },
  message: BusMessage,
): Promise<void> {
  const { interview } = message.payload as InterviewEventPayload;
  if (!interview?.uuid) return;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return;
    await tx.evaluations.deleteOfInterview(interview.uuid);
    await tx.comments.deleteOfInterview(interview.uuid);
    await tx.decisions.deleteOfInterview(interview.uuid);
  });
}
