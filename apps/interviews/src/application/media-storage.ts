/** Where take videos live: local files now, an object store later. */
export interface MediaStorage {
  /** Streams `data` into `key`; returns the bytes written. */
  write(key: string, data: AsyncIterable<Uint8Array>): Promise<number>;
  size(key: string): Promise<number>;
  /** Bytes `start` to `end`, inclusive. */
  read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer>;
  delete(key: string): Promise<void>;
}

/** Where a player fetches a take's video from the object store itself (MEDIA_PLAYBACK=redirect, decision 024). */
export interface MediaPlaybackUrls {
  /** A presigned URL serving the whole video (and any byte range of it) as `contentType`, for a short while. */
  playbackUrl(key: string, contentType: string): Promise<string>;
}
