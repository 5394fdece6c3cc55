import { SharedErrorCode } from '@vi/contracts';
import { sharedError, type Caller, type Principal } from '@vi/platform-grpc';
import type { Transcript, TranscriptSource } from '../../domain/transcript';
import type { InterviewsDirectory } from '../ports';
import type { TranscriptRepository } from '../store';

/** A take (`questionUuid` and `takeUuid`) or a recording (`recordingUuid`) of an interview, as the RPCs name it. */
export interface TranscriptRefInput {
  interviewUuid: string;
  questionUuid?: string;
  takeUuid?: string;
  recordingUuid?: string;
}

/** The take or recording the caller may see, with its content type: found where interviews lists it for the caller. */
export interface VisibleSource {
  interviewUuid: string;
  source: TranscriptSource;
  contentType: string;
}

/**
 * Visibility is the take's own (decisions 042, 073): interviews' `ListTakes` / `ListRecordings` asked as the caller
 * answers its 404 and 403 as they are; a take or recording not in what it lists is interviews' own 404.
 */
export async function visibleSource(interviews: InterviewsDirectory, caller: Caller<Principal>, ref: TranscriptRefInput): Promise<VisibleSource> {
  if (ref.recordingUuid) {
    const recordings = await interviews.recordings(caller, ref.interviewUuid);
    const recording = recordings.find((r) => r.uuid === ref.recordingUuid && r.ended_at);
    if (!recording) throw sharedError(SharedErrorCode.RecordingNotFound);
    return { interviewUuid: ref.interviewUuid, source: { kind: 'recording', uuid: recording.uuid }, contentType: recording.content_type };
  }
  if (!ref.questionUuid || !ref.takeUuid) throw sharedError(SharedErrorCode.TakeNotFound);
  const takes = await interviews.takes(caller, ref.interviewUuid, ref.questionUuid);
  const take = takes.find((t) => t.uuid === ref.takeUuid);
  if (!take) throw sharedError(SharedErrorCode.TakeNotFound);
  return { interviewUuid: ref.interviewUuid, source: { kind: 'take', uuid: take.uuid, questionUuid: ref.questionUuid }, contentType: take.content_type };
}

/** The caller's company's transcript of a take or recording they may see; undefined when none was asked. */
export async function visibleTranscript(
  deps: { store: { read: { transcripts: Pick<TranscriptRepository, 'find'> } }; interviews: InterviewsDirectory },
  caller: Caller<Principal>,
  companyUuid: string,
  ref: TranscriptRefInput,
): Promise<Transcript | undefined> {
  const visible = await visibleSource(deps.interviews, caller, ref);
  return deps.store.read.transcripts.find(companyUuid, ref.interviewUuid, visible.source.uuid);
}
