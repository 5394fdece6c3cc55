import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { sharedError, type Caller } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import { findInterview } from '../shared/find-interview';

/** An ended recording's video for the company, whole or a byte range (HTTP Range), as a take's. */
export async function streamRecordingVideo(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'recordings'> } & VideoSource,
  caller: Caller,
  request: interviews.RecordingVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  const interview = await findInterview(deps.store.read, caller, request.interview_uuid);
  const recording = await deps.store.read.recordings.find(interview.uuid, request.recording_uuid);
  if (!recording) throw sharedError(SharedErrorCode.RecordingNotFound);
  if (recording.state !== 'ended' || !recording.storageKey) throw new InterviewsError(InterviewsErrorCode.RecordingInProgress);
  await sendVideo(deps, { storageKey: recording.storageKey, contentType: recording.contentType }, request, send);
}
