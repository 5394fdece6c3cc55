import type { interviews } from '@vi/contracts';
import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type Principal } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import type { InterviewsStore } from '../store';
import { TRANSCRIPTION_SERVICE } from '../shared/sharing-scope';

/**
 * A take's or an ended recording's media for the transcription service (decision 073): the bytes of one of the
 * company's live interviews, whatever its status, for the principal `transcription` only (anyone else finds nothing,
 * as with the share-link reads). Always the bytes from media storage, never a presigned URL: the worker sends them on
 * to its engine, not to a player, so MEDIA_PLAYBACK does not apply.
 */
export async function streamMediaForTranscription(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes' | 'recordings'> } & Pick<VideoSource, 'media'>,
  principal: Principal,
  request: interviews.TranscriptionMediaRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  if (principal.kind !== 'service' || principal.service !== TRANSCRIPTION_SERVICE) throw sharedError(SharedErrorCode.InterviewNotFound);
  const [interview] = await deps.store.read.interviews.findMany(request.company_uuid, [request.interview_uuid]);
  if (!interview) throw sharedError(SharedErrorCode.InterviewNotFound);
  const media = await mediaOf(deps.store.read, interview.uuid, request);
  await sendVideo({ media: deps.media }, media, {}, send);
}

async function mediaOf(
  repos: StoreOf<InterviewsStore, 'takes' | 'recordings'>['read'],
  interviewUuid: string,
  request: interviews.TranscriptionMediaRequest,
): Promise<{ storageKey: string; contentType: string }> {
  if (request.take_uuid !== undefined) {
    const take = await repos.takes.findInInterviews([interviewUuid], request.take_uuid);
    if (!take) throw sharedError(SharedErrorCode.TakeNotFound);
    return take;
  }
  const recording = request.recording_uuid === undefined ? undefined : await repos.recordings.findEndedInInterviews([interviewUuid], request.recording_uuid);
  if (!recording?.storageKey) throw sharedError(SharedErrorCode.RecordingNotFound);
  return { storageKey: recording.storageKey, contentType: recording.contentType };
}
