import { z } from 'zod';
import { booleanFlag, duration, optionalString, withDefault } from '@vi/platform-config';

/**
 * The variables every service that keeps videos reads the same way (decision 024; jobs' job videos, decision 046):
 * where they live and how players reach them. Spread into the service's env schema, checked with `checkMediaEnv`
 * in its `superRefine`, turned into config by `mediaConfigOf`.
 */
export const mediaEnv = {
  MEDIA_DIR: optionalString(),
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
};

type MediaEnv = z.output<z.ZodObject<typeof mediaEnv>>;

/** Where videos are kept: a directory (the embedded default) or an S3-compatible bucket. */
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
 * How videos reach players (decision 024): `stream`, through the service and the gateway; `redirect`, the
 * gateway answers 307 to a presigned URL of the object, valid `urlTtlSeconds`, and the store serves the bytes.
 */
export type MediaPlaybackConfig = { kind: 'stream' } | { kind: 'redirect'; urlTtlSeconds: number };

/** The combinations the variables cannot be in, each named after its variable. */
export function checkMediaEnv(v: MediaEnv, ctx: z.RefinementCtx): void {
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
}

/** The storage and playback the (checked) variables describe; `dataDir`: where `local` keeps files without MEDIA_DIR (`<DATA_DIR>/media`). */
export function mediaConfigOf(e: MediaEnv, dataDir: string): { storage: MediaStorageConfig; playback: MediaPlaybackConfig } {
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
      : { kind: 'local', dir: e.MEDIA_DIR ?? `${dataDir}/media` };
  const playback: MediaPlaybackConfig =
    e.MEDIA_PLAYBACK === 'redirect' ? { kind: 'redirect', urlTtlSeconds: Math.floor(e.MEDIA_PLAYBACK_URL_TTL / 1000) } : { kind: 'stream' };
  return { storage, playback };
}
