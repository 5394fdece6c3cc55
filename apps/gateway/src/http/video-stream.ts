import { once } from 'node:events';
import type { Request, Response } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

/** Streams can outlast a JSON request's deadline: a video gets as long as the download needs. */
export const VIDEO_STREAM_DEADLINE_MS = 60 * 60 * 1000;

/**
 * One `bytes=` range of an HTTP Range header: `start-end`, `start-` or the
 * suffix `-length` (sent as a range end without a start). Anything else (or
 * several ranges) is ignored, and the whole video is served.
 *
 * A position beyond `Number.MAX_SAFE_INTEGER` (`bytes=99999999999999999999-`) cannot cross gRPC's int64 as a number
 * (the service would refuse to decode it and answer 500), and no video is that long: it is read as that largest
 * number, which means the same to the service. A first position there is past every video's end (416, RFC 9110
 * §15.5.17); a last position or a suffix length there covers the whole video (206 of all of it, RFC 9110 §14.1.2).
 */
export function parseByteRange(header: string | undefined): { range_start?: number; range_end?: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const position = (digits: string) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
  return {
    ...(match[1] !== '' ? { range_start: position(match[1]) } : {}),
    ...(match[2] !== '' ? { range_end: position(match[2]) } : {}),
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
