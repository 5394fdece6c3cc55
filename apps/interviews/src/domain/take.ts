/** One recorded answer to a question: its video lives in media storage under `storageKey`. */
export interface Take {
  uuid: string;
  interviewUuid: string;
  questionUuid: string;
  number: number;
  contentType: string;
  size: number;
  durationSeconds: number;
  storageKey: string;
  createdAt: Date;
}

/** What a take's container may add beyond its frames (headers, index, a first keyframe): 1 MiB (decision 037). */
export const TAKE_CONTAINER_ALLOWANCE_BYTES = 1024 * 1024;

/**
 * The most bytes a take of `seconds` may have at `bitsPerSecond` (MAX_TAKE_BITRATE): a size beyond it is not a
 * recording of that length but padding, refused so that storage follows the length of what was recorded.
 */
export function takeBytesAllowed(seconds: number, bitsPerSecond: number): number {
  return TAKE_CONTAINER_ALLOWANCE_BYTES + Math.ceil((seconds * bitsPerSecond) / 8);
}
