import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateApiKey } from '@vi/contracts';

export interface LocalSecrets {
  INTERNAL_JWT_SECRET: string;
  API_KEY_HASH_SECRET: string;
  API_KEY_ENCRYPTION_KEY: string;
  CANDIDATE_TOKEN_SECRET: string;
  SHARE_LINK_SECRET: string;
  NOTIFICATIONS_ENCRYPTION_KEY: string;
  ASSESSMENTS_ENCRYPTION_KEY: string;
  BOOTSTRAP_ADMIN_API_KEY: string;
}

/** What both local runs (`npm start`, `npm run start:services`) add: the demo company, webhooks to this machine. */
export const LOCAL_RUN_DEFAULTS: NodeJS.ProcessEnv = {
  BOOTSTRAP_COMPANY_NAME: 'Demo Company',
  BOOTSTRAP_ADMIN_NAME: 'Demo Administrator',
  BOOTSTRAP_ADMIN_EMAIL: 'admin@demo.example',
  // Local runs deliver webhooks to receivers on this machine (localhost, private networks).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  // A reverse proxy on this machine may say who the client is; elsewhere no proxy header is believed (decision 035).
  TRUST_PROXY: 'loopback',
};

/**
 * Secrets for a local run, made on first start and kept under the data
 * directory (never in the repository) so encrypted keys survive restarts.
 */
export function loadOrCreateLocalSecrets(path: string): LocalSecrets {
  // Files from older versions lack later secrets: add them, keep the rest.
  const existing = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalSecrets>) : {};
  const secret = () => randomBytes(32).toString('base64url');
  const secrets: LocalSecrets = {
    INTERNAL_JWT_SECRET: secret(),
    API_KEY_HASH_SECRET: secret(),
    API_KEY_ENCRYPTION_KEY: secret(),
    CANDIDATE_TOKEN_SECRET: secret(),
    SHARE_LINK_SECRET: secret(),
    NOTIFICATIONS_ENCRYPTION_KEY: secret(),
    ASSESSMENTS_ENCRYPTION_KEY: secret(),
    BOOTSTRAP_ADMIN_API_KEY: generateApiKey(),
    ...existing,
  };
  if (Object.keys(existing).length === Object.keys(secrets).length) return secrets;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
