import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller, sharedError } from '@vi/platform-grpc';
import { captionsOf } from '../transcript-rendering';
import type { InterviewsDirectory } from '../ports';
import { visibleTranscript, type TranscriptRefInput } from '../shared/visible-source';
import type { TranscriptionStore } from '../store';

/** WebVTT of the done transcript of a take or recording the caller may see; 404 api.transcript_not_ready otherwise. */
export async function getCaptions(
  deps: { store: StoreOf<TranscriptionStore, 'transcripts'>; interviews: InterviewsDirectory },
  caller: Caller,
  ref: TranscriptRefInput,
): Promise<string> {
  const { companyUuid } = companyUserOf(caller.principal);
  const transcript = await visibleTranscript(deps, caller, companyUuid, ref);
  if (transcript?.status !== 'done') throw sharedError(SharedErrorCode.TranscriptNotReady);
  return captionsOf(transcript);
}
