import type { VideoContainer } from '@vi/platform-media';
import type { JobVideoCaptions } from './job-video-captions';

/** A job's video (decision 046): the recruiter introducing the role, kept in media storage, one per job. */
export interface JobVideo {
  /** The public URL's unguessable part; a new one with every video set. */
  uuid: string;
  storageKey: string;
  contentType: 'video/webm' | 'video/mp4';
  size: number;
  durationSeconds: number;
  createdAt: Date;
  /** Its WebVTT captions (issue 42); null without. A new video comes without: captions are timed to one video. */
  captions: JobVideoCaptions | null;
}

/** The media storage objects a video holds: the video and its captions, all gone with it. */
export function storageKeysOf(video: JobVideo): string[] {
  return video.captions ? [video.storageKey, video.captions.storageKey] : [video.storageKey];
}

/** At most three minutes, measured from the container. */
export const MAX_JOB_VIDEO_SECONDS = 180;
/** A recording stopped at the limit by a browser measures a little over it (its last frame's length, a late stop), as takes. */
export const JOB_VIDEO_DURATION_TOLERANCE_SECONDS = 2;

export function isJobVideoTooLong(seconds: number): boolean {
  return seconds > MAX_JOB_VIDEO_SECONDS + JOB_VIDEO_DURATION_TOLERANCE_SECONDS;
}

/** Where a job's video lives in media storage: under `jobs/`, beside interviews' `<interview uuid>/` keys. */
export function jobVideoKey(jobUuid: string, videoUuid: string, container: VideoContainer): string {
  return `jobs/${jobUuid}/${videoUuid}.${container}`;
}

/** Seconds to two decimals, as takes report them. */
export function roundedSeconds(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
