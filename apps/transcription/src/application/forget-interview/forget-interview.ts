import { InterviewsSubjects, type InterviewEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { TranscriptionStore } from '../store';

/**
 * The interviews events after which an interview's transcripts go (decision 073): deleted (an erased job seeker and
 * the retention purge delete interviews the same way), or reset (its answers are gone).
 */
export const FORGET_INTERVIEW_SUBJECTS = [InterviewsSubjects.InterviewDeleted, InterviewsSubjects.InterviewReset];

/** Removes the interview's transcripts; idempotent on the event id. */
export async function forgetInterview(deps: { store: StoreOf<TranscriptionStore, 'transcripts' | 'processedEvents'> }, message: BusMessage): Promise<void> {
  const { interview } = message.payload as InterviewEventPayload;
  if (!interview?.uuid) return;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return;
    await tx.transcripts.deleteOfInterview(interview.uuid);
  });
}
