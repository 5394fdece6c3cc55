import { createHash, randomBytes } from 'node:crypto';
import type { IdentityTransaction } from '../../infrastructure/identity.store';

/** How long the link in the set-password email works. */
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

export function hashSetPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues the set-password link of a new company user: a random token whose
 * SHA-256 alone is stored (a database leak reveals no usable link), valid for
 * 7 days. The link travels in the UserCreated event to the notifications
 * service, which emails it.
 */
export async function issueSetPasswordLink(tx: IdentityTransaction, publicBaseUrl: string, userUuid: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.setPasswordTokens.insert({
    tokenHash: hashSetPasswordToken(token),
    userUuid,
    expiresAt: new Date(now.getTime() + SET_PASSWORD_TOKEN_TTL_MS),
    createdAt: now,
  });
  return `${publicBaseUrl}/set-password?token=${token}`;
}
