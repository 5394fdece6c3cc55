import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type Principal } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import type { InterviewsStore } from '../store';
import { completedSharedInterviewUuids } from '../shared/sharing-scope';

/** A take's video for a share link: only a take of one of these interviews of the company, while it is completed. */
export async function streamSharedTakeVideo(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes'> } & VideoSource,
  principal: Principal,
  request: interviews.SharedTakeVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  const completed = await completedSharedInterviewUuids(deps.store.read, principal, request);
  const take = await deps.store.read.takes.findInInterviews(completed, request.take_uuid);
  if (!take) throw sharedError(SharedErrorCode.TakeNotFound);
  await sendVideo(deps, take, request, send);
}
