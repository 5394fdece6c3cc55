import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import type { RequestContext } from './request-context';

/**
 * The web pages' session: an opaque id in an HttpOnly, SameSite=Lax cookie, Secure (and `__Host-` prefixed, so
 * no subdomain can plant or overwrite it) whenever the public base URL is https. Identity keeps only its hash.
 * State-changing requests carrying it must come from our own origin and echo the CSRF token (decision 026).
 */
export interface SessionCookieSettings {
  secure: boolean;
  /** Origins besides the request's own that the pages are served from (PUBLIC_BASE_URL, WATCH_BASE_URL). */
  allowedOrigins: string[];
}

export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(settings: Pick<SessionCookieSettings, 'secure'>): string {
  return settings.secure ? '__Host-vi_session' : 'vi_session';
}

/** The session id from the Cookie header, if the request carries one (no cookie-parser for one cookie). */
export function sessionIdFrom(req: Request, settings: Pick<SessionCookieSettings, 'secure'>): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const name = sessionCookieName(settings);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function setSessionCookie(res: Response, settings: SessionCookieSettings, sessionId: string, expiresAt: Date): void {
  const maxAgeSeconds = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  res.append(
    'Set-Cookie',
    `${sessionCookieName(settings)}=${sessionId}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(res: Response, settings: SessionCookieSettings): void {
  res.append('Set-Cookie', `${sessionCookieName(settings)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`);
}

/**
 * The session's CSRF token: an HMAC of a fixed label keyed by the session id. Only someone holding the id (the
 * gateway, from the HttpOnly cookie) can compute it; the page reads it from `GET /v1.0/session` and sends it back
 * in `X-CSRF-Token`. Nothing is stored, and it changes with every new session.
 */
export function csrfTokenFor(sessionId: string): string {
  return createHmac('sha256', sessionId).update('vi csrf token v1').digest('base64url');
}

function csrfTokenMatches(sessionId: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(sessionId));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The request's `Origin` is ours: the origin it was sent to, or one of the configured page origins. */
export function assertOurOrigin(req: Request, settings: SessionCookieSettings): void {
  const origin = req.get('origin');
  const own = `${req.protocol}://${req.get('host')}`;
  if (!origin || (origin !== own && !settings.allowedOrigins.includes(origin))) throw gatewayError(GatewayErrorCode.OriginNotAllowed);
}

/** A request authenticated by the session cookie that may change something: same origin and the CSRF token, or 403. */
export function assertNotForged(req: Request, settings: SessionCookieSettings, sessionId: string): void {
  if (SAFE_METHODS.has(req.method)) return;
  assertOurOrigin(req, settings);
  assertCsrfToken(req, sessionId);
}

/** The session's CSRF token in `X-CSRF-Token`, or 403: what a link, a form or an image on another site cannot send. */
export function assertCsrfToken(req: Request, sessionId: string): void {
  if (!csrfTokenMatches(sessionId, req.get(CSRF_HEADER))) throw gatewayError(GatewayErrorCode.CsrfTokenInvalid);
}

/** For a GET that changes something (the webhook replay): a request signed in with the session cookie must carry the CSRF token. */
export const requireCsrfTokenOfSession: RequestHandler = (req, res, next) => {
  const sessionId = (res.locals.context as RequestContext | undefined)?.sessionId;
  if (sessionId) assertCsrfToken(req, sessionId);
  next();
};

/** The origin (scheme://host[:port]) of a base URL. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
