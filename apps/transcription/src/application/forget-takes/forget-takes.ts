import { InterviewsSubjects, type TakesPurgedPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { TranscriptionStore } from '../store';

/** The interviews event after which takes' transcripts go (decision 073): superseded takes purged (decision 037). */
export const FORGET_TAKES_SUBJECTS = [InterviewsSubjects.TakesPurged];

/** Removes the purged takes' transcripts (a pending one is then never tried); idempotent on the event id. */
export async function forgetTakes(deps: { store: StoreOf<TranscriptionStore, 'transcripts' | 'processedEvents'> }, message: BusMessage): Promise<void> {
  const { takes } = message.payload as TakesPurgedPayload;
  const byInterview = new Map<string, string[]>();
  for (const take of takes ?? []) byInterview.set(take.interview_uuid, [...(byInterview.get(take.interview_uuid) ?? []), take.take_uuid]);
  await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return;
    for (const [interviewUuid, takeUuids] of byInterview) await tx.transcripts.deleteOfTakes(interviewUuid, takeUuids);
  });
}
