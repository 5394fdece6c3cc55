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

/**
 * Seconds a take may run past its question's time limit. A recorder stopped at
 * the limit still closes its last video frame and audio packet a little later,
 * and a phone's timer fires late under load; two seconds covers both.
 */
export const TAKE_DURATION_TOLERANCE_SECONDS = 2;

/**
 * How long a take counts as: what its container says when it says it (the
 * client cannot shorten that); the client's declared length only for a
 * container without readable timing. Null when neither is known.
 */
export function takeDuration(measured: number | null, declared: number | null): number | null {
  const seconds = measured ?? declared;
  // Stored with two decimals.
  return seconds === null ? null : Math.round(seconds * 100) / 100;
}

export function isTakeTooLong(seconds: number, timeLimit: number): boolean {
  return seconds > timeLimit + TAKE_DURATION_TOLERANCE_SECONDS;
}

/** What a take holds: a video (with or without sound) or sound alone (issue 42). */
export type TakeKind = 'video' | 'audio';

/**
 * A take's kind from the tracks its container holds: video when it has a video track, audio when only an audio
 * track, null when neither (nothing to play). A container whose tracks could not be read is what it was sent as.
 */
export function takeKindOf(tracks: { video: boolean; audio: boolean } | null, contentType: string): TakeKind | null {
  if (tracks === null) return contentType.startsWith('audio/') ? 'audio' : 'video';
  if (tracks.video) return 'video';
  return tracks.audio ? 'audio' : null;
}

/** The kind of a stored take, from its content type (`audio/webm`, `audio/mp4`: audio only). */
export function storedTakeKind(contentType: string): TakeKind {
  return contentType.startsWith('audio/') ? 'audio' : 'video';
}
