/**
 * The recording of a live interview's call (decision 040): an interviewer's browser sends it in parts while the
 * call goes on; once ended, the parts become one video in media storage under `storageKey`, measured like a take.
 * `recording` → `finishing` (ended, its parts being joined) → `ended`.
 */
export type RecordingState = 'recording' | 'finishing' | 'ended';

export interface Recording {
  uuid: string;
  interviewUuid: string;
  contentType: string;
  state: RecordingState;
  startedAt: Date;
  /** The last part's arrival, or when its finishing was claimed: what the idle finisher goes by. */
  lastActivityAt: Date;
  endedAt: Date | null;
  /** Measured from the joined video; null before, or when its container has no readable timing. */
  durationSeconds: number | null;
  /** Parts received: the next one expected is numbered this. */
  parts: number;
  /** Bytes received; once ended, the joined video's size. */
  size: number;
  /** The joined video, once ended. */
  storageKey: string | null;
}

/** One piece as the browser sent it (a few seconds of the call), kept until the recording is joined. */
export interface RecordingPart {
  recordingUuid: string;
  number: number;
  size: number;
  storageKey: string;
}

/** A part is a few seconds of video at the recorder's bitrate: anything far larger is not one. */
export const MAX_RECORDING_PART_BYTES = 64 * 1024 * 1024;

/** Beyond the bitrate ceiling over the time since a recording started: the recorder's first seconds, buffered. */
export const RECORDING_BITRATE_SLACK_SECONDS = 30;
