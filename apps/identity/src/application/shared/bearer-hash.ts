import { createHash } from 'node:crypto';

/**
 * What identity keeps of a bearer secret it hands out (a session id, a set-password token): its SHA-256, so the
 * rows open nothing (decision 018). The secrets are 256 random bits: no salt or slow hash is needed.
 */
export function bearerHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
