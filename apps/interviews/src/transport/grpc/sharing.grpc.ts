import type { interviews } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import { getSharedInterviews, streamSharedTakeVideo } from '../../application/shared-interviews/shared-interviews';
import type { TakeVideoSource } from '../../application/stream-take-video/stream-take-video';
import type { InterviewsStore } from '../../infrastructure/interviews.store';

type SharingHandlers = Pick<UnaryHandlers<typeof interviews.InterviewsServiceService>, 'getSharedInterviews' | 'streamSharedTakeVideo'>;

/** Transport only: what the sharing service reads of interviews (decision 015). */
export function sharingHandlers(deps: { store: InterviewsStore } & TakeVideoSource): SharingHandlers {
  return {
    getSharedInterviews: async (req, ctx) => getSharedInterviews(deps, ctx.principal, req),
    streamSharedTakeVideo: async (req, ctx, send) => streamSharedTakeVideo(deps, ctx.principal, req, send),
  };
}
