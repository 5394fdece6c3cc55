/** How long a web session lives: idle since the last request it authenticated, and at most absolutely since sign-in. */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export interface StoredSession {
  uuid: string;
  userUuid: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** When the session stops working if nothing uses it: the earlier of its idle and absolute ends. */
export function sessionEndsAt(session: Pick<StoredSession, 'lastSeenAt' | 'expiresAt'>, lifetime: SessionLifetime): Date {
  return new Date(Math.min(session.lastSeenAt.getTime() + lifetime.idleMs, session.expiresAt.getTime()));
}

export function isSessionLive(session: Pick<StoredSession, 'lastSeenAt' | 'expiresAt'>, lifetime: SessionLifetime, now: Date): boolean {
  return now.getTime() < sessionEndsAt(session, lifetime).getTime();
}

/** `last_seen_at` is written at most this often, so authenticating a page's requests does not write each time. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
