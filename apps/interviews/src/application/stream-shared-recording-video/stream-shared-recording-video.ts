import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type Principal } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import type { InterviewsStore } from '../store';
import { completedSharedInterviewUuids } from '../shared/sharing-scope';

/** An ended recording's video for a share link: only one of these interviews of the company, while it is completed. */
export async function streamSharedRecordingVideo(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'recordings'> } & VideoSource,
  principal: Principal,
  request: interviews.SharedRecordingVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  const completed = await completedSharedInterviewUuids(deps.store.read, principal, request);
  const recording = await deps.store.read.recordings.findEndedInInterviews(completed, request.recording_uuid);
  if (!recording?.storageKey) throw sharedError(SharedErrorCode.RecordingNotFound);
  await sendVideo(deps, { storageKey: recording.storageKey, contentType: recording.contentType }, request, send);
}
