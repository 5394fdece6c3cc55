import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { endRecording } from '../../application/end-recording/end-recording';
import { listRecordings } from '../../application/list-recordings/list-recordings';
import { startRecording } from '../../application/start-recording/start-recording';
import { streamRecordingVideo } from '../../application/stream-recording-video/stream-recording-video';
import { uploadRecordingPart } from '../../application/upload-recording-part/upload-recording-part';
import type { InterviewsGrpcDeps } from './grpc-deps';

/** Transport only: request → use case → response message (decision 040). */
export function recordingsHandlers(deps: InterviewsGrpcDeps): UnaryHandlers<typeof interviews.RecordingsServiceService> {
  return {
    startRecording: async (req, ctx) => startRecording(deps, callerOf(ctx), req),
    uploadRecordingPart: async (chunks, ctx) => {
      await uploadRecordingPart(deps, callerOf(ctx), chunks);
      return {};
    },
    endRecording: async (req, ctx) => endRecording(deps, callerOf(ctx), req),
    listRecordings: async (req, ctx) => listRecordings(deps, callerOf(ctx), req.interview_uuid),
    streamRecordingVideo: async (req, ctx, send) => streamRecordingVideo(deps, callerOf(ctx), req, send),
  };
}
