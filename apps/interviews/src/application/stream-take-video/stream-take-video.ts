import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type Caller } from '@vi/platform-grpc';
import { sendVideo, type VideoSource } from '@vi/platform-media';
import { takesVisible } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { findInterview } from '../shared/find-interview';

/** A take's video for the company once it may see takes (listTakes), whole or a byte range (HTTP Range), streamed from media storage (or its presigned URL). */
export async function streamTakeVideo(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes'> } & VideoSource,
  caller: Caller,
  request: interviews.TakeVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  const interview = await findInterview(deps.store.read, caller, request.interview_uuid);
  if (!takesVisible(interview.status)) throw new InterviewsError(InterviewsErrorCode.TakesNotVisible);
  const take = await deps.store.read.takes.find(request.question_uuid, request.take_uuid);
  if (!take || take.interviewUuid !== interview.uuid) throw sharedError(SharedErrorCode.TakeNotFound);
  await sendVideo(deps, take, request, send);
}
