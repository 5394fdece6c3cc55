/** The containers a take video may come in: WebM (Matroska) or MP4 (ISO-BMFF). */
export type VideoContainer = 'webm' | 'mp4';

/** A video passing through, and what its container says about its length once it has all passed. */
export interface MeasuredVideo {
  /** The same bytes, unchanged, to be consumed by whoever stores them. */
  data: AsyncIterable<Uint8Array>;
  /** Seconds from the first frame to the end of the last, or null when the container carries no readable timing. Settles once `data` is consumed. */
  duration: Promise<number | null>;
}

/** Reads a take video's container while it streams to storage (never holding it whole). */
export interface VideoProbe {
  /** Bytes needed at most to tell the container from its first bytes. */
  readonly headBytes: number;
  /** The container the first bytes announce, or null when they are neither WebM nor MP4. */
  containerOf(head: Uint8Array): VideoContainer | null;
  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo;
}
