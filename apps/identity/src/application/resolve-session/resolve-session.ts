import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { isSessionLive, SESSION_TOUCH_INTERVAL_MS, type SessionLifetime } from '../../domain/session';
import type { IdentityStore } from '../store';
import { renderResolvedSession } from '../session-rendering';
import { bearerHash } from '../shared/bearer-hash';
import { resolvedSession } from '../shared/resolved-session';

/**
 * Authenticates a session cookie for the gateway: the company user it acts for, or `api.session_invalid` when it
 * is unknown, idle too long, past its absolute end, or its user was deleted or disabled. A request that finds it
 * live moves its idle end (written at most once a minute).
 */
export async function resolveSession(
  deps: { store: StoreOf<IdentityStore, 'sessions'>; sessionLifetime: SessionLifetime; clock: Clock },
  caller: Principal,
  sessionId: string,
): Promise<identity.ResolvedSession> {
  requireOperator(caller);
  const now = deps.clock.now();
  const found = sessionId ? await deps.store.read.sessions.findByIdHash(bearerHash(sessionId)) : undefined;
  if (!found || found.user.deleted || !found.user.active || !isSessionLive(found.session, deps.sessionLifetime, now)) {
    throw new IdentityError(IdentityErrorCode.SessionInvalid);
  }
  const session = found.session;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await deps.store.read.sessions.touch(session.uuid, now);
    session.lastSeenAt = now;
  }
  return renderResolvedSession(resolvedSession(session, found.user, deps.sessionLifetime));
}
