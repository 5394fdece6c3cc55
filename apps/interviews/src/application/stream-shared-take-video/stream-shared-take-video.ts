import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';
import { sendTakeVideo, type TakeVideoSource } from '../shared/send-take-video';
import { MAX_SHARED_INTERVIEWS, requireSharingScope } from '../shared/sharing-scope';

/** A take's video for a share link: only a take of one of these interviews of the company, while it is completed. */
export async function streamSharedTakeVideo(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'takes'> } & TakeVideoSource,
  principal: Principal,
  request: interviews.SharedTakeVideoRequest,
  send: (chunk: interviews.TakeVideoChunk) => Promise<void>,
): Promise<void> {
  requireSharingScope(principal, request.company_uuid, { serviceOnly: true });
  const repos = deps.store.read;
  const completed = (await repos.interviews.findMany(request.company_uuid, request.interview_uuids.slice(0, MAX_SHARED_INTERVIEWS))).filter(
    (i) => i.status === 'completed',
  );
  const take = await repos.takes.findInInterviews(
    completed.map((i) => i.uuid),
    request.take_uuid,
  );
  if (!take) throw new InterviewsError(InterviewsErrorCode.TakeNotFound);
  await sendTakeVideo(deps, take, request, send);
}
