import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { listTakes } from '../../application/list-takes/list-takes';
import { streamTakeVideo } from '../../application/stream-take-video/stream-take-video';
import { uploadTake } from '../../application/upload-take/upload-take';
import type { InterviewsGrpcDeps } from './grpc-deps';
import { measureTakeUpload } from './take-upload-metrics';

/** Transport only: request → use case → response message. */
export function takesHandlers(deps: InterviewsGrpcDeps): UnaryHandlers<typeof interviews.TakesServiceService> {
  return {
    uploadTake: async (chunks, ctx) => measureTakeUpload(() => uploadTake(deps, callerOf(ctx), chunks)),
    listTakes: async (req, ctx) => listTakes(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    streamTakeVideo: async (req, ctx, send) => streamTakeVideo(deps, callerOf(ctx), req, send),
  };
}
