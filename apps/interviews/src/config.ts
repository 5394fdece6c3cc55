import { z } from 'zod';
import { duration, parseEnv, positiveInt, secret, serviceEnv } from '@vi/platform-config';
import { checkMediaEnv, mediaConfigOf, mediaEnv, type MediaPlaybackConfig, type MediaStorageConfig } from '@vi/platform-media';

const shared = serviceEnv('interviews', { upstreams: ['identity', 'jobs'], outbox: true, processedEvents: true, eventReplay: true, publicBaseUrl: true });

const schema = z.object({
  ...shared.env,
  CANDIDATE_TOKEN_SECRET: secret(),
  INTERVIEW_EXPIRY_SWEEP_MS: positiveInt(5_000),
  MAX_TAKE_BYTES: positiveInt(512 * 1024 * 1024),
  MAX_TAKE_BITRATE: positiveInt(8_000_000),
  MAX_INTERVIEW_MEDIA_BYTES: positiveInt(10 * 1024 ** 3),
  MAX_COMPANY_MEDIA_BYTES: positiveInt(1024 ** 4),
  RECORDING_IDLE_FINISH: duration('2m'),
  ...mediaEnv,
  DELETED_INTERVIEW_MEDIA_GRACE: duration('1h'),
  SUPERSEDED_TAKE_GRACE: duration('1h'),
});

export type InterviewsConfig = ReturnType<typeof shared.configOf> & {
  secrets: { internalJwt: string; candidateToken: string };
  expirySweepMs: number;
  /**
   * `deletedGraceMs`: how long a deleted interview's take videos stay in media storage (decision 019); the take
   * bounds (`maxTakeBitrate` in bits per second, `maxInterviewMediaBytes`) and `supersededTakeGraceMs`: decision 037.
   */
  media: {
    storage: MediaStorageConfig;
    playback: MediaPlaybackConfig;
    maxTakeBytes: number;
    maxTakeBitrate: number;
    maxInterviewMediaBytes: number;
    /** MAX_COMPANY_MEDIA_BYTES: what all of a company's interviews keep, takes refused past it (issue 38). */
    maxCompanyMediaBytes: number;
    deletedGraceMs: number;
    supersededTakeGraceMs: number;
  };
  /** Decision 040: a recording of a call whose parts stopped coming for `idleFinishMs` is finished by the service. */
  recordings: { idleFinishMs: number };
};

export function loadInterviewsConfig(env: NodeJS.ProcessEnv = process.env): InterviewsConfig {
  const e = parseEnv(schema.superRefine(checkMediaEnv), env);
  const { storage, playback } = mediaConfigOf(e, e.DATA_DIR);
  const config = shared.configOf(e);
  return {
    ...config,
    secrets: { ...config.secrets, candidateToken: e.CANDIDATE_TOKEN_SECRET },
    expirySweepMs: e.INTERVIEW_EXPIRY_SWEEP_MS,
    media: {
      storage,
      playback,
      maxTakeBytes: e.MAX_TAKE_BYTES,
      maxTakeBitrate: e.MAX_TAKE_BITRATE,
      maxInterviewMediaBytes: e.MAX_INTERVIEW_MEDIA_BYTES,
      maxCompanyMediaBytes: e.MAX_COMPANY_MEDIA_BYTES,
      deletedGraceMs: e.DELETED_INTERVIEW_MEDIA_GRACE,
      supersededTakeGraceMs: e.SUPERSEDED_TAKE_GRACE,
    },
    recordings: { idleFinishMs: e.RECORDING_IDLE_FINISH },
  };
}
