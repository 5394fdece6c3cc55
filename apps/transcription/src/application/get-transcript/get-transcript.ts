import type { TranscriptJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { transcriptJson } from '../transcript-rendering';
import type { InterviewsDirectory } from '../ports';
import { visibleTranscript, type TranscriptRefInput } from '../shared/visible-source';
import type { TranscriptionStore } from '../store';

/** The Transcript body of a take or recording the caller may see; `off` when none was asked. */
export async function getTranscript(
  deps: { store: StoreOf<TranscriptionStore, 'transcripts'>; interviews: InterviewsDirectory },
  caller: Caller,
  ref: TranscriptRefInput,
): Promise<TranscriptJson> {
  const { companyUuid } = companyUserOf(caller.principal);
  const transcript = await visibleTranscript(deps, caller, companyUuid, ref);
  return transcriptJson(transcript, transcript ? transcript.language : await deps.interviews.interviewLanguage(caller, ref.interviewUuid));
}
