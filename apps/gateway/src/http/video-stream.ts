import { once } from 'node:events';
import type { Request, Response } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/** Streams can outlast a JSON request's deadline: a video gets as long as the download needs. */
export const VIDEO_STREAM_DEADLINE_MS = 60 * 60 * 1000;

/**
 * One `bytes=` range of an HTTP Range header: `start-end`, `start-` or the
 * suffix `-length` (sent as a range end without a start). Anything else (or
 * several ranges) is ignored, and the whole video is served.
 */
export function parseByteRange(header: string | undefined): { range_start?: number; range_end?: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  return {
    ...(match[1] !== '' ? { range_start: Number(match[1]) } : {}),
    ...(match[2] !== '' ? { range_end: Number(match[2]) } : {}),
  };
}

/** One message of a service's video stream (interviews' `TakeVideoChunk`, jobs' `JobVideoChunk`): meta, bytes, or a URL. */
export interface VideoStreamChunk {
  meta?: { size: number; content_type: string; start: number; end: number };
  data: Buffer;
  redirect_url?: string;
}

/**
 * Answers a video request from an upstream's stream of video chunks (meta
 * first, then bytes): 200 for the whole video, 206 with `Content-Range` for a
 * range. `open` gets the request's parsed range; an error before the first
 * chunk (404, 416) is still a JSON error.
 *
 * With presigned playback (MEDIA_PLAYBACK=redirect, decision 024)
 * the stream's only message is a URL of the object store, sent after the same
 * checks: 307 to it, never cached, since the URL expires and the next request
 * must be authorized again. The player sends its Range header there.
 */
export async function sendVideoStream(
  req: Request,
  res: Response,
  open: (range: ReturnType<typeof parseByteRange>) => AsyncGenerator<VideoStreamChunk>,
): Promise<void> {
  const range = parseByteRange(req.get('range'));
  const chunks = open(range);
  const first = await chunks.next();
  const redirect = first.done ? undefined : first.value.redirect_url;
  if (redirect) {
    // The URL is the stream's only message: reading on lets the call end with its own status.
    await chunks.next();
    await chunks.return(undefined);
    res.status(307).setHeader('Location', redirect).setHeader('Cache-Control', 'no-store').end();
    return;
  }
  const meta = first.done ? undefined : first.value.meta;
  if (!meta) throw gatewayError(GatewayErrorCode.InternalError);
  res.status(range ? 206 : 200);
  res.setHeader('Content-Type', meta.content_type);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Length', String(meta.end - meta.start + 1));
  if (range) res.setHeader('Content-Range', `bytes ${meta.start}-${meta.end}/${meta.size}`);
  for await (const chunk of chunks) {
    if (res.destroyed) break;
    if (!res.write(chunk.data)) await once(res, 'drain');
  }
  res.end();
}
