import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { UserPrincipal } from '@vi/platform-grpc';
import { sessionEndsAt, type SessionLifetime, type StoredSession } from '../domain/session';
import type { User } from '../domain/user';
import type { IdentityTransaction } from '../infrastructure/identity.store';
import type { PasswordHasher } from '../infrastructure/password-hasher';

/** What the session use cases need: the store, the hasher, the lifetime and a clock (tests move it). */
export interface SessionDeps {
  hasher: PasswordHasher;
  sessionLifetime: SessionLifetime;
  now: () => Date;
}

/** A live session as the gateway sees it: who acts, and until when. */
export interface ResolvedSession extends UserPrincipal {
  sessionUuid: string;
  /** When it stops working if unused (idle), never later than `expiresAt`. */
  endsAt: Date;
  /** Its absolute end. */
  expiresAt: Date;
}

export interface SignedIn {
  /** The opaque id for the cookie: 256 random bits; identity keeps only its SHA-256. */
  sessionId: string;
  session: ResolvedSession;
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
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

/** Starts a session for a company user who just proved who they are. */
export async function startSession(tx: IdentityTransaction, user: User, lifetime: SessionLifetime, now: Date): Promise<SignedIn> {
  const sessionId = randomBytes(32).toString('base64url');
  const session: StoredSession = { uuid: randomUUID(), userUuid: user.uuid, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetime.absoluteMs) };
  await tx.sessions.insert({ ...session, idHash: hashSessionId(sessionId) });
  // Sessions past their absolute end are removed as new ones start (and by the retention sweep for idle accounts).
  await tx.sessions.deleteExpired(now);
  return { sessionId, session: resolvedSession(session, user, lifetime) };
}
