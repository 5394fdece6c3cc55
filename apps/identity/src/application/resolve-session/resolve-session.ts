import { requireOperator, type Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { isSessionLive, SESSION_TOUCH_INTERVAL_MS } from '../../domain/session';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { hashSessionId, resolvedSession, type ResolvedSession, type SessionDeps } from '../sessions';

/**
 * Authenticates a session cookie for the gateway: the company user it acts for, or `api.session_invalid` when it
 * is unknown, idle too long, past its absolute end, or its user was deleted or disabled. A request that finds it
 * live moves its idle end (written at most once a minute).
 */
export async function resolveSession(deps: Omit<SessionDeps, 'hasher'> & { store: IdentityStore }, caller: Principal, sessionId: string): Promise<ResolvedSession> {
  requireOperator(caller);
  const now = deps.now();
  const found = sessionId ? await deps.store.read.sessions.findByIdHash(hashSessionId(sessionId)) : undefined;
  if (!found || found.user.deleted || !found.user.active || !isSessionLive(found.session, deps.sessionLifetime, now)) {
    throw new IdentityError(IdentityErrorCode.SessionInvalid);
  }
  const session = found.session;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await deps.store.read.sessions.touch(session.uuid, now);
    session.lastSeenAt = now;
  }
  return resolvedSession(session, found.user, deps.sessionLifetime);
}
