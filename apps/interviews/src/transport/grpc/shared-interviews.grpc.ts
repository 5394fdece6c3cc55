import type { interviews } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import { type VideoSource } from '@vi/platform-media';
import { getSharedInterviews } from '../../application/get-shared-interviews/get-shared-interviews';
import { streamSharedRecordingVideo } from '../../application/stream-shared-recording-video/stream-shared-recording-video';
import { streamMediaForTranscription } from '../../application/stream-media-for-transcription/stream-media-for-transcription';
import { streamSharedTakeVideo } from '../../application/stream-shared-take-video/stream-shared-take-video';
import type { InterviewsStore } from '../../application/store';

/** Transport only: what the sharing service reads of interviews (decision 015), and the transcription service's media (decision 073). */
export function sharedInterviewsHandlers(deps: { store: InterviewsStore } & VideoSource): UnaryHandlers<typeof interviews.SharedInterviewsServiceService> {
  return {
    getSharedInterviews: async (req, ctx) => getSharedInterviews(deps, ctx.principal, req),
    streamSharedTakeVideo: async (req, ctx, send) => streamSharedTakeVideo(deps, ctx.principal, req, send),
    streamSharedRecordingVideo: async (req, ctx, send) => streamSharedRecordingVideo(deps, ctx.principal, req, send),
    streamMediaForTranscription: async (req, ctx, send) => streamMediaForTranscription(deps, ctx.principal, req, send),
  };
}
