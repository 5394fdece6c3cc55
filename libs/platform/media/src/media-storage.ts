import { TAKE_CONTENT_TYPES } from '@vi/contracts';

/** Where videos live (decision 024): files under a directory, or objects in an S3-compatible bucket. */
export interface MediaStorage {
  /** Streams `data` into `key`; returns the bytes written. */
  write(key: string, data: AsyncIterable<Uint8Array>): Promise<number>;
  size(key: string): Promise<number>;
  /** Bytes `start` to `end`, inclusive. */
  read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer>;
  delete(key: string): Promise<void>;
}

/** Where a player fetches a video from the object store itself (MEDIA_PLAYBACK=redirect, decision 024). */
export interface MediaPlaybackUrls {
  /** A presigned URL serving the whole video (and any byte range of it) as `contentType`, for a short while. */
  playbackUrl(key: string, contentType: string): Promise<string>;
}

/** The containers a video may come in: WebM (Matroska) or MP4 (ISO-BMFF). */
export type VideoContainer = 'webm' | 'mp4';

/** The container a content type names (`video/webm` → webm; the contract's list), undefined for any other. */
export function containerNamed(contentType: string): VideoContainer | undefined {
  return (TAKE_CONTENT_TYPES as readonly string[]).includes(contentType) ? (contentType.slice('video/'.length) as VideoContainer) : undefined;
}

/** A video passing through, and what its container says about its length once it has all passed. */
export interface MeasuredVideo {
  /** The same bytes, unchanged, to be consumed by whoever stores them. */
  data: AsyncIterable<Uint8Array>;
  /** Seconds from the first frame to the end of the last, or null when the container carries no readable timing. Settles once `data` is consumed. */
  duration: Promise<number | null>;
  /** Which kinds of track the container holds (an audio-only take: audio, no video); null when unread. Settles with `duration`. */
  tracks: Promise<VideoTracks | null>;
}

export interface VideoTracks {
  video: boolean;
  audio: boolean;
}

/** Reads a video's container while it streams to storage (never holding it whole). */
export interface VideoProbe {
  /** Bytes needed at most to tell the container from its first bytes. */
  readonly headBytes: number;
  /** The container the first bytes announce, or null when they are neither WebM nor MP4. */
  containerOf(head: Uint8Array): VideoContainer | null;
  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo;
}
