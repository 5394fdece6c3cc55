import type { UserPrincipal } from '@vi/platform-grpc';
import { sessionEndsAt, type SessionLifetime, type StoredSession } from '../../domain/session';
import type { User } from '../../domain/user';

/** A live session as the gateway sees it: who acts, and until when. */
export interface ResolvedSession extends UserPrincipal {
  sessionUuid: string;
  /** When it stops working if unused (idle), never later than `expiresAt`. */
  endsAt: Date;
  /** Its absolute end. */
  expiresAt: Date;
}

export function resolvedSession(session: StoredSession, user: User, lifetime: SessionLifetime): ResolvedSession {
  return {
    kind: 'user',
    sessionUuid: session.uuid,
    userUuid: user.uuid,
    companyUuid: user.companyUuid,
    role: user.role,
    userType: user.type,
    endsAt: sessionEndsAt(session, lifetime),
    expiresAt: session.expiresAt,
  };
}
