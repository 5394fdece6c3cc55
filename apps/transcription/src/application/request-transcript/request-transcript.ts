import { randomUUID } from 'node:crypto';
import type { TranscriptJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { pendingTranscript } from '../../domain/transcript';
import { TranscriptionError, TranscriptionErrorCode } from '../../domain/transcription.errors';
import { transcriptJson } from '../transcript-rendering';
import type { InterviewsDirectory, TranscriptionQueue } from '../ports';
import { visibleSource, type TranscriptRefInput } from '../shared/visible-source';
import type { TranscriptionStore } from '../store';

/**
 * Asks for a (new) transcript of a take or recording the caller may see (the gateway answers 202): pending, due now.
 * 409 api.transcription_off while the company has it off or no engine is configured.
 */
export async function requestTranscript(
  deps: {
    store: StoreOf<TranscriptionStore, 'transcripts' | 'settings'>;
    interviews: InterviewsDirectory;
    queue: TranscriptionQueue;
    engineConfigured: boolean;
    clock: Clock;
  },
  caller: Caller,
  ref: TranscriptRefInput,
): Promise<TranscriptJson> {
  const { companyUuid } = companyUserOf(caller.principal);
  const visible = await visibleSource(deps.interviews, caller, ref);
  const language = await deps.interviews.interviewLanguage(caller, ref.interviewUuid);
  const setting = await deps.store.read.settings.find(companyUuid);
  if (!deps.engineConfigured || !setting?.transcription) throw new TranscriptionError(TranscriptionErrorCode.TranscriptionOff);
  const now = deps.clock.now();
  const transcript = await deps.store.transaction((tx) =>
    tx.transcripts.request(
      pendingTranscript(
        { uuid: randomUUID(), companyUuid, interviewUuid: ref.interviewUuid, source: visible.source, language, contentType: visible.contentType },
        now,
      ),
    ),
  );
  deps.queue.wake();
  return transcriptJson(transcript, language);
}
