import { IdentitySubjects, type identity, type SessionsRevokedPayload } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { ResolvedSession } from './shared/resolved-session';
import type { SignedIn } from './shared/start-session';
import { renderActingUser } from './user-rendering';

export function renderResolvedSession(session: ResolvedSession): identity.ResolvedSession {
  return { session_uuid: session.sessionUuid, ...renderActingUser(session), ends_at: toRfc3339(session.endsAt), expires_at: toRfc3339(session.expiresAt) };
}

export function renderSignedIn(signedIn: SignedIn): identity.SignedIn {
  return { session_id: signedIn.sessionId, session: renderResolvedSession(signedIn.session) };
}

/** Sessions that ended before their time: every gateway replica drops them from its cache. */
export function sessionsRevokedEvent(payload: SessionsRevokedPayload): NewEvent {
  return { subject: IdentitySubjects.SessionsRevoked, payload };
}
