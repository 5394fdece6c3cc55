import { z } from 'zod';
import { parseEnv, positiveInt, serviceEnv } from '@vi/platform-config';
import { checkMediaEnv, mediaConfigOf, mediaEnv, type MediaPlaybackConfig, type MediaStorageConfig } from '@vi/platform-media';

const shared = serviceEnv('jobs', { upstreams: ['identity', 'interviews'], outbox: true, publicBaseUrl: true });

const schema = z.object({
  ...shared.env,
  // Decision 045: an open interview's applicant has this many days to answer (never past its end date).
  OPEN_INTERVIEW_DUE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Decision 046: job videos live in the same media storage as take videos (under `jobs/`), up to this many bytes.
  ...mediaEnv,
  MAX_JOB_VIDEO_BYTES: positiveInt(200 * 1024 * 1024),
});

export type JobsConfig = ReturnType<typeof shared.configOf> & {
  openInterviewDueDays: number;
  /** Job videos (decision 046): where they live, how players reach them, and how large one may be. */
  media: { storage: MediaStorageConfig; playback: MediaPlaybackConfig; maxJobVideoBytes: number };
};

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const e = parseEnv(schema.superRefine(checkMediaEnv), env);
  return {
    ...shared.configOf(e),
    openInterviewDueDays: e.OPEN_INTERVIEW_DUE_DAYS,
    media: { ...mediaConfigOf(e, e.DATA_DIR), maxJobVideoBytes: e.MAX_JOB_VIDEO_BYTES },
  };
}
