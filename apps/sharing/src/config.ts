import { z } from 'zod';
import { type BusRetention, outboxRetentionEnv, processedEventRetentionEnv, retentionSweepEnv, busRetentionOf, optionalString, optionalTimestamp, parseEnv, port, positiveInt, secret, withDefault } from '@vi/platform-config';

const schema = z.object({
  SHARING_GRPC_PORT: port(50054),
  SHARING_HEALTH_PORT: port(9104),
  IDENTITY_GRPC_URL: withDefault(z.string(), '127.0.0.1:50051'),
  INTERVIEWS_GRPC_URL: withDefault(z.string(), '127.0.0.1:50053'),
  DATABASE_URL: optionalString(),
  DATA_DIR: withDefault(z.string(), './data'),
  NATS_URL: optionalString(),
  EVENT_STREAM: withDefault(z.string().regex(/^[a-z][a-z0-9_]*$/), 'events'),
  EVENT_REPLAY_FROM: optionalTimestamp(),
  INTERNAL_JWT_SECRET: secret(),
  SHARE_LINK_SECRET: secret(),
  PUBLIC_BASE_URL: withDefault(z.url(), 'http://localhost:8080'),
  OUTBOX_POLL_MS: positiveInt(500),
  ...outboxRetentionEnv,
  ...processedEventRetentionEnv,
  ...retentionSweepEnv,
});

export interface SharingConfig {
  grpcPort: number;
  healthPort: number;
  upstreams: { identity: string; interviews: string };
  database: { url?: string; dataDir: string };
  /** `replayFrom`: where durables created by this process start (EVENT_REPLAY_FROM); its start otherwise. */
  bus: { natsUrl?: string; streamRoot: string; replayFrom?: Date };
  secrets: { internalJwt: string; shareLink: string };
  publicBaseUrl: string;
  outboxPollMs: number;
  /** Decision 019: how long published outbox rows and handled-event records are kept. */
  retention: BusRetention;
}

export function loadSharingConfig(env: NodeJS.ProcessEnv = process.env): SharingConfig {
  const e = parseEnv(schema, env);
  return {
    grpcPort: e.SHARING_GRPC_PORT,
    healthPort: e.SHARING_HEALTH_PORT,
    upstreams: { identity: e.IDENTITY_GRPC_URL, interviews: e.INTERVIEWS_GRPC_URL },
    database: { url: e.DATABASE_URL, dataDir: `${e.DATA_DIR}/sharing` },
    bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM, replayFrom: e.EVENT_REPLAY_FROM },
    secrets: { internalJwt: e.INTERNAL_JWT_SECRET, shareLink: e.SHARE_LINK_SECRET },
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/$/, ''),
    outboxPollMs: e.OUTBOX_POLL_MS,
    retention: busRetentionOf(e),
  };
}
