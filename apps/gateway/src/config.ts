import { z } from 'zod';
import type { IceSettings } from './live/ice-servers';
import {
  baseUrlOf,
  busEnv,
  internalJwtEnv,
  optionalString,
  parseEnv,
  port,
  positiveInt,
  publicBaseUrlEnv,
  upstreamsEnv,
  upstreamsOf,
  withDefault,
  duration,
} from '@vi/platform-config';

/** A comma-separated list of ICE server URLs of one scheme family (`stun:`, or `turn:`/`turns:`). */
const iceUrls = (schemes: RegExp, example: string) =>
  withDefault(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter((u) => u !== ''),
      )
      .pipe(z.array(z.string().regex(schemes, `must be comma-separated URLs like ${example}`))),
    '',
  );

/** The gateway calls every service. */
const UPSTREAMS = ['identity', 'jobs', 'interviews', 'sharing', 'notifications', 'evaluations', 'assessments', 'transcription'] as const;

const schema = z.object({
  GATEWAY_PORT: port(8080),
  GATEWAY_HEALTH_PORT: port(9100),
  ...upstreamsEnv(UPSTREAMS),
  ...internalJwtEnv,
  REDIS_URL: optionalString(),
  ...busEnv,
  RATE_LIMIT_PER_MINUTE: positiveInt(400),
  AUTH_FAILURES_PER_MINUTE: positiveInt(30),
  // Applications through open interviews (decision 045), per client address and per open interview.
  OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT: positiveInt(5),
  OPEN_INTERVIEW_APPLICATIONS_PER_LINK: positiveInt(60),
  PRINCIPAL_CACHE_TTL_MS: positiveInt(30_000),
  REQUEST_TIMEOUT_MS: positiveInt(10_000),
  HTTP_IDLE_TIMEOUT_MS: positiveInt(60_000),
  HTTP_UPLOAD_TIMEOUT_MS: positiveInt(30 * 60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(65_000),
  // No proxy header is believed unless the proxies are named (decision 035).
  TRUST_PROXY: withDefault(z.string(), ''),
  // Comma-separated origins (`https://ats.example.com`) or `*`; none by default.
  CORS_ALLOWED_ORIGINS: withDefault(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o !== ''),
      )
      .pipe(z.array(z.string().regex(/^(\*|https?:\/\/[^/\s]+)$/, 'must be * or origins like https://app.example.com, comma-separated'))),
    '',
  ),
  ...publicBaseUrlEnv,
  WATCH_BASE_URL: optionalString(),
  SIGN_IN_FAILURES_PER_ACCOUNT: positiveInt(10),
  SIGN_IN_FAILURES_PER_IP: positiveInt(30),
  // The object store's origin as browsers reach it, when interviews redirects video requests there (MEDIA_PLAYBACK=redirect).
  MEDIA_PLAYBACK_ORIGIN: optionalString().pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin like https://bucket.s3.eu-west-1.amazonaws.com (no path)')
      .optional(),
  ),
  // Live calls' NAT traversal (decision 039): none under npm start, where both browsers are on one machine.
  STUN_URLS: iceUrls(/^stun:\S+$/, 'stun:turn.example.com:3478'),
  TURN_URLS: iceUrls(/^turns?:\S+$/, 'turn:turn.example.com:3478?transport=udp'),
  TURN_SECRET: optionalString().pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TURN_CREDENTIAL_TTL: duration('4h'),
});

export interface GatewayConfig {
  port: number;
  healthPort: number;
  upstreams: Record<(typeof UPSTREAMS)[number], string>;
  secrets: { internalJwt: string };
  redisUrl?: string;
  bus: { natsUrl?: string; streamRoot: string };
  rateLimit: { perMinute: number; authFailuresPerMinute: number; applicationsPerClient: number; applicationsPerOpenInterview: number };
  principalCacheTtlMs: number;
  requestTimeoutMs: number;
  /** The HTTP server's socket timeouts (docs/configuration.md). */
  http: { idleTimeoutMs: number; uploadTimeoutMs: number; keepAliveTimeoutMs: number };
  trustProxy: string;
  /** Origins whose browser apps may call the API (decision 021); `*` for any. */
  corsAllowedOrigins: string[];
  /** The web pages' session cookie and sign-in limits (decision 026). */
  web: { publicBaseUrl: string; watchBaseUrl: string; signInFailuresPerAccount: number; signInFailuresPerIp: number; mediaPlaybackOrigin?: string };
  /** The ICE servers live calls are given; TURN credentials are derived per participant from the secret. */
  ice: IceSettings;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = parseEnv(
    schema.refine((v) => v.TURN_URLS.length === 0 || v.TURN_SECRET !== undefined, { message: 'is required when TURN_URLS is set', path: ['TURN_SECRET'] }),
    env,
  );
  return {
    port: e.GATEWAY_PORT,
    healthPort: e.GATEWAY_HEALTH_PORT,
    upstreams: upstreamsOf(UPSTREAMS, e),
    secrets: { internalJwt: e.INTERNAL_JWT_SECRET },
    redisUrl: e.REDIS_URL,
    bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM },
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      authFailuresPerMinute: e.AUTH_FAILURES_PER_MINUTE,
      applicationsPerClient: e.OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT,
      applicationsPerOpenInterview: e.OPEN_INTERVIEW_APPLICATIONS_PER_LINK,
    },
    principalCacheTtlMs: e.PRINCIPAL_CACHE_TTL_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    http: { idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS, uploadTimeoutMs: e.HTTP_UPLOAD_TIMEOUT_MS, keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    corsAllowedOrigins: e.CORS_ALLOWED_ORIGINS,
    web: {
      publicBaseUrl: baseUrlOf(e.PUBLIC_BASE_URL),
      watchBaseUrl: baseUrlOf(e.WATCH_BASE_URL ?? e.PUBLIC_BASE_URL),
      signInFailuresPerAccount: e.SIGN_IN_FAILURES_PER_ACCOUNT,
      signInFailuresPerIp: e.SIGN_IN_FAILURES_PER_IP,
      mediaPlaybackOrigin: e.MEDIA_PLAYBACK_ORIGIN,
    },
    ice: { stunUrls: e.STUN_URLS, turnUrls: e.TURN_URLS, turnSecret: e.TURN_SECRET, turnCredentialTtlMs: e.TURN_CREDENTIAL_TTL },
  };
}
