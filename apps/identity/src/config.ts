import { z } from 'zod';
import { optionalString, parseEnv, positiveInt, secret, serviceEnv, withDefault } from '@vi/platform-config';

const shared = serviceEnv('identity', { outbox: true, publicBaseUrl: true });

const schema = z.object({
  ...shared.env,
  API_KEY_HASH_SECRET: secret(),
  API_KEY_ENCRYPTION_KEY: secret(),
  DEFAULT_AVATAR_URL: optionalString(),
  SESSION_IDLE_TIMEOUT_MS: positiveInt(2 * 3600_000),
  SESSION_MAX_AGE_MS: positiveInt(12 * 3600_000),
  SIGN_IN_FAILURES_PER_ACCOUNT: positiveInt(10),
  PASSWORD_HASH_CONCURRENCY: positiveInt(2),
  PASSWORD_HASH_QUEUE: positiveInt(16),
  BOOTSTRAP_COMPANY_NAME: optionalString(),
  BOOTSTRAP_ADMIN_NAME: withDefault(z.string(), 'Administrator'),
  BOOTSTRAP_ADMIN_EMAIL: optionalString(),
  BOOTSTRAP_ADMIN_API_KEY: optionalString(),
  BOOTSTRAP_PLAN: withDefault(z.string(), 'unlimited'),
});

/** `publicBaseUrl`: the base of the set-password links (`{PUBLIC_BASE_URL}/set-password?token=…`). */
export type IdentityConfig = ReturnType<typeof shared.configOf> & {
  secrets: { internalJwt: string; apiKeyHash: string; apiKeyEncryption: string };
  defaultAvatarUrl: string;
  /** Web sessions: idle and absolute lifetimes (docs/configuration.md). */
  sessionLifetime: { idleMs: number; absoluteMs: number };
  /** Failed sign-ins per account in 15 minutes (decision 034). */
  signInWindow: { limit: number; windowMs: number };
  /** Password hashes at once, and waiting (decision 035). */
  hashing: { concurrency: number; queue: number };
  bootstrap?: { companyName: string; adminName: string; adminEmail: string; adminApiKey: string; planCode: string };
};

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const e = parseEnv(schema, env);
  const config = shared.configOf(e);
  return {
    ...config,
    secrets: { ...config.secrets, apiKeyHash: e.API_KEY_HASH_SECRET, apiKeyEncryption: e.API_KEY_ENCRYPTION_KEY },
    defaultAvatarUrl: e.DEFAULT_AVATAR_URL ?? `${config.publicBaseUrl}/assets/default-avatar.svg`,
    sessionLifetime: { idleMs: e.SESSION_IDLE_TIMEOUT_MS, absoluteMs: e.SESSION_MAX_AGE_MS },
    signInWindow: { limit: e.SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: 15 * 60_000 },
    hashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, queue: e.PASSWORD_HASH_QUEUE },
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
