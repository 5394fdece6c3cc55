import { z } from 'zod';
import { booleanFlag, duration, optionalString, parseEnv, positiveInt, secret, serviceEnv, withDefault } from '@vi/platform-config';

const shared = serviceEnv('interviews', { upstreams: ['identity', 'jobs'], outbox: true, processedEvents: true, eventReplay: true, publicBaseUrl: true });

const schema = z.object({
  ...shared.env,
  CANDIDATE_TOKEN_SECRET: secret(),
  INTERVIEW_EXPIRY_SWEEP_MS: positiveInt(5_000),
  MEDIA_DIR: optionalString(),
  MAX_TAKE_BYTES: positiveInt(512 * 1024 * 1024),
  MAX_TAKE_BITRATE: positiveInt(8_000_000),
  MAX_INTERVIEW_MEDIA_BYTES: positiveInt(10 * 1024 ** 3),
  RECORDING_IDLE_FINISH: duration('2m'),
  MEDIA_STORAGE: withDefault(z.enum(['local', 's3']), 'local'),
  S3_ENDPOINT: optionalString().pipe(z.url().optional()),
  S3_BUCKET: optionalString(),
  S3_REGION: withDefault(z.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString(),
  S3_SECRET_ACCESS_KEY: optionalString(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  S3_PUBLIC_ENDPOINT: optionalString().pipe(z.url().optional()),
  MEDIA_PLAYBACK: withDefault(z.enum(['stream', 'redirect']), 'stream'),
  MEDIA_PLAYBACK_URL_TTL: duration('5m'),
  DELETED_INTERVIEW_MEDIA_GRACE: duration('1h'),
  SUPERSEDED_TAKE_GRACE: duration('1h'),
});

/** Where take videos are kept: a directory (the embedded default) or an S3-compatible bucket. */
export type MediaStorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      /** Unset: the SDK's default chain (workload identity, instance role, AWS_* variables). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** The endpoint browsers reach, for presigned playback URLs; unset: `endpoint` (or AWS's own). */
      publicEndpoint?: string;
    };

/**
 * How take videos reach players (decision 024): `stream`, through interviews and the gateway; `redirect`, the
 * gateway answers 307 to a presigned URL of the object, valid `urlTtlSeconds`, and the store serves the bytes.
 */
export type MediaPlaybackConfig = { kind: 'stream' } | { kind: 'redirect'; urlTtlSeconds: number };

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
    deletedGraceMs: number;
    supersededTakeGraceMs: number;
  };
  /** Decision 040: a recording of a call whose parts stopped coming for `idleFinishMs` is finished by the service. */
  recordings: { idleFinishMs: number };
};

export function loadInterviewsConfig(env: NodeJS.ProcessEnv = process.env): InterviewsConfig {
  const e = parseEnv(
    schema.superRefine((v, ctx) => {
      if (v.MEDIA_PLAYBACK === 'redirect' && v.MEDIA_STORAGE !== 's3') {
        ctx.addIssue({ code: 'custom', path: ['MEDIA_PLAYBACK'], message: 'redirect needs MEDIA_STORAGE=s3 (a presigned URL of the object store)' });
      }
      // SigV4 presigned URLs live at most a week; under a second one expires before a player can use it.
      if (v.MEDIA_PLAYBACK_URL_TTL < 1_000 || v.MEDIA_PLAYBACK_URL_TTL > 7 * 24 * 3600_000) {
        ctx.addIssue({ code: 'custom', path: ['MEDIA_PLAYBACK_URL_TTL'], message: 'must be between 1s and 7d' });
      }
      if (v.MEDIA_STORAGE !== 's3') return;
      if (!v.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORAGE=s3' });
      if (!v.S3_ACCESS_KEY_ID !== !v.S3_SECRET_ACCESS_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: [v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
        });
      }
    }),
    env,
  );
  const storage: MediaStorageConfig =
    e.MEDIA_STORAGE === 's3'
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
        }
      : { kind: 'local', dir: e.MEDIA_DIR ?? `${e.DATA_DIR}/media` };
  const config = shared.configOf(e);
  return {
    ...config,
    secrets: { ...config.secrets, candidateToken: e.CANDIDATE_TOKEN_SECRET },
    expirySweepMs: e.INTERVIEW_EXPIRY_SWEEP_MS,
    media: {
      storage,
      playback: e.MEDIA_PLAYBACK === 'redirect' ? { kind: 'redirect', urlTtlSeconds: Math.floor(e.MEDIA_PLAYBACK_URL_TTL / 1000) } : { kind: 'stream' },
      maxTakeBytes: e.MAX_TAKE_BYTES,
      maxTakeBitrate: e.MAX_TAKE_BITRATE,
      maxInterviewMediaBytes: e.MAX_INTERVIEW_MEDIA_BYTES,
      deletedGraceMs: e.DELETED_INTERVIEW_MEDIA_GRACE,
      supersededTakeGraceMs: e.SUPERSEDED_TAKE_GRACE,
    },
    recordings: { idleFinishMs: e.RECORDING_IDLE_FINISH },
  };
}
