import { randomBytes } from 'node:crypto';
import { pagePath, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { sameAddress } from '../../domain/user';
import type { IdentityStore } from '../store';
import { bearerHash } from '../shared/bearer-hash';

/** How long the link in the set-password email works. */
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

/** The only caller: the notifications service, when it sends the set-password email. */
export const SET_PASSWORD_LINK_CALLER = 'notifications';

/**
 * Issues a set-password link for a company user when the notifications service
 * sends the email (decision 018): a random token whose SHA-256 alone is stored,
 * valid for 7 days. The token exists only in this reply and in the email; no
 * event, outbox row or message row holds it. Each call issues a new token
 * (a retried email carries a new link; earlier ones keep working until they expire). An email planned for an
 * address the user no longer has gets none (decision 034): its link would sign the old address's holder in.
 */
export async function issueSetPasswordLink(
  deps: { store: StoreOf<IdentityStore, 'users' | 'setPasswordTokens'>; publicBaseUrl: string; clock: Clock },
  caller: Principal,
  request: { userUuid: string; recipient: string },
): Promise<identity.IssuedLink> {
  requireOperator(caller, SET_PASSWORD_LINK_CALLER);
  const { userUuid } = request;
  const user = await deps.store.read.users.find(userUuid);
  if (!user || user.type !== 'company_user' || !sameAddress(user.email, request.recipient)) throw new IdentityError(IdentityErrorCode.UserNotFound);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.store.read.setPasswordTokens.insert({
    tokenHash: bearerHash(token),
    userUuid,
    expiresAt: new Date(now.getTime() + SET_PASSWORD_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { url: `${deps.publicBaseUrl}${pagePath('/set-password')}?token=${token}` };
}
