import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type RecordingEndedPayload, type TakeUploadedPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { pendingTranscript, type TranscriptSource } from '../../domain/transcript';
import type { TranscriptionQueue } from '../ports';
import type { TranscriptionStore } from '../store';

/** The interviews events that make a transcript to do: a stored take, an ended call recording. */
export const NEW_MEDIA_SUBJECTS = [InterviewsSubjects.TakeUploaded, InterviewsSubjects.RecordingEnded];

/**
 * A new take or ended recording becomes a pending transcript when the company has transcription on and an engine is
 * configured; otherwise nothing is kept (asked later with RequestTranscript). Idempotent on the event id and on the
 * take or recording (one transcript each).
 */
export async function enqueueTranscript(
  deps: {
    store: StoreOf<TranscriptionStore, 'transcripts' | 'settings' | 'processedEvents'>;
    queue: TranscriptionQueue;
    engineConfigured: boolean;
    clock: Clock;
  },
  message: BusMessage,
): Promise<void> {
  if (!deps.engineConfigured) return;
  const payload = message.payload as TakeUploadedPayload | RecordingEndedPayload;
  const source: TranscriptSource | undefined =
    'take_uuid' in payload && payload.take_uuid
      ? { kind: 'take', uuid: payload.take_uuid, questionUuid: payload.question_uuid }
      : 'recording_uuid' in payload && payload.recording_uuid
        ? { kind: 'recording', uuid: payload.recording_uuid }
        : undefined;
  if (!source || !payload.company_uuid || !payload.interview_uuid) return;
  const now = deps.clock.now();
  const made = await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return false;
    if (!(await tx.settings.find(payload.company_uuid))?.transcription) return false;
    return tx.transcripts.insertIfAbsent(
      pendingTranscript(
        {
          uuid: randomUUID(),
          companyUuid: payload.company_uuid,
          interviewUuid: payload.interview_uuid,
          source,
          language: payload.language || 'en',
          contentType: payload.content_type,
        },
        now,
      ),
    );
  });
  if (made) deps.queue.wake();
}
