import { z } from 'zod';
import { type BusRetention, outboxRetentionEnv, retentionSweepEnv, busRetentionOf, optionalString, parseEnv, port, positiveInt, secret, withDefault } from '@vi/platform-config';

const schema = z.object({
  JOBS_GRPC_PORT: port(50052),
  JOBS_HEALTH_PORT: port(9102),
  IDENTITY_GRPC_URL: withDefault(z.string(), '127.0.0.1:50051'),
  DATABASE_URL: optionalString(),
  DATA_DIR: withDefault(z.string(), './data'),
  NATS_URL: optionalString(),
  EVENT_STREAM: withDefault(z.string().regex(/^[a-z][a-z0-9_]*$/), 'events'),
  INTERNAL_JWT_SECRET: secret(),
  OUTBOX_POLL_MS: positiveInt(500),
  ...outboxRetentionEnv,
  ...retentionSweepEnv,
});

export interface JobsConfig {
  grpcPort: number;
  healthPort: number;
  upstreams: { identity: string };
  database: { url?: string; dataDir: string };
  bus: { natsUrl?: string; streamRoot: string };
  internalJwtSecret: string;
  outboxPollMs: number;
  /** Decision 019: how long published outbox rows and handled-event records are kept. */
  retention: BusRetention;
}

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const e = parseEnv(schema, env);
  return {
    grpcPort: e.JOBS_GRPC_PORT,
    healthPort: e.JOBS_HEALTH_PORT,
    upstreams: { identity: e.IDENTITY_GRPC_URL },
    database: { url: e.DATABASE_URL, dataDir: `${e.DATA_DIR}/jobs` },
    bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM },
    internalJwtSecret: e.INTERNAL_JWT_SECRET,
    outboxPollMs: e.OUTBOX_POLL_MS,
    retention: busRetentionOf(e),
  };
}
