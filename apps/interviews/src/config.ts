import { z } from 'zod';
import { optionalString, parseEnv, port, positiveInt, secret, withDefault } from '@vi/platform-config';

const schema = z.object({
  INTERVIEWS_GRPC_PORT: port(50053),
  INTERVIEWS_HEALTH_PORT: port(9103),
  IDENTITY_GRPC_URL: withDefault(z.string(), '127.0.0.1:50051'),
  JOBS_GRPC_URL: withDefault(z.string(), '127.0.0.1:50052'),
  DATABASE_URL: optionalString(),
  DATA_DIR: withDefault(z.string(), './data'),
  NATS_URL: optionalString(),
  EVENT_STREAM: withDefault(z.string().regex(/^[a-z][a-z0-9_]*$/), 'events'),
  INTERNAL_JWT_SECRET: secret(),
  CANDIDATE_TOKEN_SECRET: secret(),
  PUBLIC_BASE_URL: withDefault(z.url(), 'http://localhost:8080'),
  OUTBOX_POLL_MS: positiveInt(500),
  INTERVIEW_EXPIRY_SWEEP_MS: positiveInt(5_000),
  MEDIA_DIR: optionalString(),
  MAX_TAKE_BYTES: positiveInt(512 * 1024 * 1024),
});

export interface InterviewsConfig {
  grpcPort: number;
  healthPort: number;
  upstreams: { identity: string; jobs: string };
  database: { url?: string; dataDir: string };
  bus: { natsUrl?: string; streamRoot: string };
  secrets: { internalJwt: string; candidateToken: string };
  publicBaseUrl: string;
  outboxPollMs: number;
  expirySweepMs: number;
  media: { dir: string; maxTakeBytes: number };
}

export function loadInterviewsConfig(env: NodeJS.ProcessEnv = process.env): InterviewsConfig {
  const e = parseEnv(schema, env);
  return {
    grpcPort: e.INTERVIEWS_GRPC_PORT,
    healthPort: e.INTERVIEWS_HEALTH_PORT,
    upstreams: { identity: e.IDENTITY_GRPC_URL, jobs: e.JOBS_GRPC_URL },
    database: { url: e.DATABASE_URL, dataDir: `${e.DATA_DIR}/interviews` },
    bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM },
    secrets: { internalJwt: e.INTERNAL_JWT_SECRET, candidateToken: e.CANDIDATE_TOKEN_SECRET },
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/$/, ''),
    outboxPollMs: e.OUTBOX_POLL_MS,
    expirySweepMs: e.INTERVIEW_EXPIRY_SWEEP_MS,
    media: { dir: e.MEDIA_DIR ?? `${e.DATA_DIR}/media`, maxTakeBytes: e.MAX_TAKE_BYTES },
  };
}
