import { SharedErrorCode } from '@vi/contracts';
import { sharedError } from '@vi/platform-grpc';
import type { MediaPlaybackUrls, MediaStorage } from './media-storage';

/**
 * One message of a video's stream over gRPC, as every service's video message has it (interviews' `TakeVideoChunk`,
 * jobs' `JobVideoChunk`): the meta first, then the bytes, or only a presigned URL.
 */
export interface VideoChunk {
  meta?: { size: number; content_type: string; start: number; end: number };
  data: Buffer;
  redirect_url?: string;
}

/** How a video (a take's, a recording's, a job's) leaves the service: its bytes from media storage, or, with `playback`, a presigned URL. */
export interface VideoSource {
  media: MediaStorage;
  playback?: MediaPlaybackUrls;
}

/**
 * Streams a stored video, or the byte range asked for (a suffix range when only the end is given): meta first,
 * then the bytes. With presigned playback, only the URL: the player asks the object store for its ranges.
 */
export async function sendVideo(
  source: VideoSource,
  video: { storageKey: string; contentType: string },
  request: { range_start?: number; range_end?: number },
  send: (chunk: VideoChunk) => Promise<void>,
): Promise<void> {
  if (source.playback) {
    await send({ redirect_url: await source.playback.playbackUrl(video.storageKey, video.contentType), data: Buffer.alloc(0) });
    return;
  }
  const media = source.media;
  const size = await media.size(video.storageKey);
  let start = request.range_start ?? 0;
  let end = request.range_end ?? size - 1;
  if (request.range_start === undefined && request.range_end !== undefined) {
    // A suffix range: the last N bytes.
    start = Math.max(0, size - request.range_end);
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (start > end || start >= size) throw sharedError(SharedErrorCode.RangeNotSatisfiable);
  await send({ meta: { size, content_type: video.contentType, start, end }, data: Buffer.alloc(0) });
  for await (const data of media.read(video.storageKey, { start, end })) await send({ data });
}
