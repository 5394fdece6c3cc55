import { z } from 'zod';
import { type BusRetention, outboxRetentionEnv, retentionSweepEnv, busRetentionOf, optionalString, parseEnv, port, positiveInt, secret, withDefault } from '@vi/platform-config';

const schema = z.object({
  IDENTITY_GRPC_PORT: port(50051),
  IDENTITY_HEALTH_PORT: port(9101),
  DATABASE_URL: optionalString(),
  DATA_DIR: withDefault(z.string(), './data'),
  NATS_URL: optionalString(),
  EVENT_STREAM: withDefault(z.string().regex(/^[a-z][a-z0-9_]*$/), 'events'),
  INTERNAL_JWT_SECRET: secret(),
  API_KEY_HASH_SECRET: secret(),
  API_KEY_ENCRYPTION_KEY: secret(),
  PUBLIC_BASE_URL: withDefault(z.url(), 'http://localhost:8080'),
  DEFAULT_AVATAR_URL: optionalString(),
  OUTBOX_POLL_MS: positiveInt(500),
  SESSION_IDLE_TIMEOUT_MS: positiveInt(2 * 3600_000),
  SESSION_MAX_AGE_MS: positiveInt(12 * 3600_000),
  ...outboxRetentionEnv,
  ...retentionSweepEnv,
  BOOTSTRAP_COMPANY_NAME: optionalString(),
  BOOTSTRAP_ADMIN_NAME: withDefault(z.string(), 'Administrator'),
  BOOTSTRAP_ADMIN_EMAIL: optionalString(),
  BOOTSTRAP_ADMIN_API_KEY: optionalString(),
  BOOTSTRAP_PLAN: withDefault(z.string(), 'unlimited'),
});

export interface IdentityConfig {
  grpcPort: number;
  healthPort: number;
  database: { url?: string; dataDir: string };
  bus: { natsUrl?: string; streamRoot: string };
  secrets: { internalJwt: string; apiKeyHash: string; apiKeyEncryption: string };
  defaultAvatarUrl: string;
  /** Base of the set-password links (`{PUBLIC_BASE_URL}/set-password?token=…`), without a trailing `/`. */
  publicBaseUrl: string;
  outboxPollMs: number;
  /** Web sessions: idle and absolute lifetimes (docs/configuration.md). */
  sessionLifetime: { idleMs: number; absoluteMs: number };
  /** Decision 019: how long published outbox rows and handled-event records are kept. */
  retention: BusRetention;
  bootstrap?: { companyName: string; adminName: string; adminEmail: string; adminApiKey: string; planCode: string };
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const e = parseEnv(schema, env);
  const publicBase = e.PUBLIC_BASE_URL.replace(/\/$/, '');
  return {
    grpcPort: e.IDENTITY_GRPC_PORT,
    healthPort: e.IDENTITY_HEALTH_PORT,
    database: { url: e.DATABASE_URL, dataDir: `${e.DATA_DIR}/identity` },
    bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM },
    secrets: { internalJwt: e.INTERNAL_JWT_SECRET, apiKeyHash: e.API_KEY_HASH_SECRET, apiKeyEncryption: e.API_KEY_ENCRYPTION_KEY },
    defaultAvatarUrl: e.DEFAULT_AVATAR_URL ?? `${publicBase}/assets/default-avatar.svg`,
    publicBaseUrl: publicBase,
    outboxPollMs: e.OUTBOX_POLL_MS,
    sessionLifetime: { idleMs: e.SESSION_IDLE_TIMEOUT_MS, absoluteMs: e.SESSION_MAX_AGE_MS },
    retention: busRetentionOf(e),
    bootstrap:
      e.BOOTSTRAP_COMPANY_NAME && e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_API_KEY
        ? {
            companyName: e.BOOTSTRAP_COMPANY_NAME,
            adminName: e.BOOTSTRAP_ADMIN_NAME,
            adminEmail: e.BOOTSTRAP_ADMIN_EMAIL,
            adminApiKey: e.BOOTSTRAP_ADMIN_API_KEY,
            planCode: e.BOOTSTRAP_PLAN,
          }
        : undefined,
  };
}
