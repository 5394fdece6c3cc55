import { TranscriptionSubjects, type TranscriptionSettingsChangedPayload, type TranscriptReadyPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import { textSearchConfigOf } from '../../domain/transcript-search';
import type { InterviewsStore } from '../store';

export type TranscriptionEventRepoName = 'projections' | 'interviews' | 'takes' | 'recordings' | 'transcriptionSettings' | 'transcriptSearch';

/**
 * What interviews keeps of the transcription service's events (decision 073), idempotent on the event id:
 * - `transcription.settings.changed`: the company's effective setting (the newest wins), which the candidate's view
 *   (`transcribed`) and the invitation (`answers_transcribed`) say;
 * - `transcription.transcript.ready` when done: the text's search vector in the configuration of the interview's
 *   language, for `?q=`. Only for a take or an ended recording the live interview still has, under the interview's
 *   row lock (and the take's: the purge of a superseded take waits for it, then forgets its vector): a transcript
 *   arriving after a deletion, a reset, an erasure (which lock it too) or the take's purge indexes nothing.
 *   A failed one changes nothing (the text of an earlier done one stays searchable).
 */
export async function applyTranscriptionEvent(deps: { store: StoreOf<InterviewsStore, TranscriptionEventRepoName> }, message: BusMessage): Promise<void> {
  if (message.subject === TranscriptionSubjects.SettingsChanged) {
    const payload = message.payload as TranscriptionSettingsChangedPayload;
    await deps.store.transaction(async (tx) => {
      if (!(await tx.projections.markProcessed(message.id))) return;
      await tx.transcriptionSettings.apply(payload.company_uuid, payload.transcription, new Date(payload.occurred_at));
    });
    return;
  }
  const payload = message.payload as TranscriptReadyPayload;
  if (payload.status !== 'done') return;
  const sourceUuid = payload.take_uuid ?? payload.recording_uuid;
  if (!sourceUuid) return;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.projections.markProcessed(message.id))) return;
    const interview = await tx.interviews.findForSupport(payload.interview_uuid, { lock: true });
    if (!interview || interview.companyUuid !== payload.company_uuid) return;
    const source =
      payload.take_uuid !== null
        ? await tx.takes.findInInterviews([interview.uuid], payload.take_uuid, { lock: true })
        : await tx.recordings.findEndedInInterviews([interview.uuid], sourceUuid);
    if (!source) return;
    await tx.transcriptSearch.index({
      sourceUuid,
      interviewUuid: interview.uuid,
      config: textSearchConfigOf(interview.language),
      text: payload.text,
      transcribedAt: new Date(payload.occurred_at),
    });
  });
}

export const TRANSCRIPTION_SUBJECTS = [TranscriptionSubjects.SettingsChanged, TranscriptionSubjects.TranscriptReady];
