import { randomBytes, randomUUID } from 'node:crypto';
import type { ReposOf } from '@vi/platform-bus';
import type { SessionLifetime, StoredSession } from '../../domain/session';
import type { User } from '../../domain/user';
import type { IdentityStore } from '../store';
import { bearerHash } from './bearer-hash';
import { resolvedSession, type ResolvedSession } from './resolved-session';

export interface SignedIn {
  /** The opaque id for the cookie: 256 random bits; identity keeps only its SHA-256. */
  sessionId: string;
  session: ResolvedSession;
}

/** Starts a session for a company user who just proved who they are. */
export async function startSession(tx: ReposOf<IdentityStore, 'sessions'>, user: User, lifetime: SessionLifetime, now: Date): Promise<SignedIn> {
  const sessionId = randomBytes(32).toString('base64url');
  const session: StoredSession = {
    uuid: randomUUID(),
    userUuid: user.uuid,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime.absoluteMs),
  };
  await tx.sessions.insert({ ...session, idHash: bearerHash(sessionId) });
  // Sessions past their absolute end are removed as new ones start (and by the retention sweep for idle accounts).
  await tx.sessions.deleteExpired(now);
  return { sessionId, session: resolvedSession(session, user, lifetime) };
}
