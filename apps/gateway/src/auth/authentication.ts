import type { Request, RequestHandler, Response } from 'express';
import { isPlausibleApiKey, SharedErrorCode } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { clientKeyOf } from '../rate-limit/client-key';
import { countRefusal } from '../rate-limit/rate-limit-metrics';
import type { RateDecision, RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { PrincipalCache, type CachedPrincipal } from './principal-cache';
import { GATEWAY_PRINCIPAL, type RequestContext } from './request-context';
import { companyPrincipalOf, resolveCandidatePrincipal, resolveSessionPrincipal } from './session-authentication';
import { assertNotForged, clearSessionCookie, sessionIdFrom, type SessionCookieSettings } from './session-cookie';
import { sharedError } from '@vi/platform-grpc';

/** The API key from `Authorization: Basic base64(key:anything)`; the password is ignored. */
export function apiKeyFrom(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return '';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? decoded : decoded.slice(0, colon);
}

export function setRateHeaders(res: Response, decision: RateDecision): void {
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Policy', `"default";q=${decision.limit};w=60`);
  res.setHeader('RateLimit', `"default";r=${decision.remaining};t=${decision.resetSeconds}`);
  if (!decision.allowed) {
    res.setHeader('Retry-After', String(decision.resetSeconds));
    res.setHeader('X-Rate-Limit-Try-Again-Seconds', String(decision.resetSeconds));
  }
}

type Credential = { kind: 'api_key'; value: string } | { kind: 'candidate_token'; value: string; forTakeUpload: boolean } | { kind: 'session'; value: string };

const TAKE_UPLOAD_PATH = /^\/candidate\/interviews\/[^/]+\/questions\/[^/]+\/takes\/?$/;

/** Basic auth carries an API key; `Bearer` a candidate token from an interview link; without either, the web pages' session cookie. */
function credentialFrom(req: Request, sessions: SessionCookieSettings): Credential | undefined {
  const header = req.headers.authorization;
  const sessionId = header ? undefined : sessionIdFrom(req, sessions);
  if (sessionId) return { kind: 'session', value: sessionId };
  const bearer = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  // After the due time a candidate token opens a take upload only (decision 042): resolved, and cached, apart.
  if (bearer) return { kind: 'candidate_token', value: bearer[1], forTakeUpload: req.method === 'POST' && TAKE_UPLOAD_PATH.test(req.path) };
  const apiKey = apiKeyFrom(req);
  return apiKey === undefined ? undefined : { kind: 'api_key', value: apiKey };
}

/**
 * Credentials → principal (cached briefly; revocations drop entries), then
 * the per-credential rate limit. An API key acts for its user; a candidate
 * token for the job seeker of one interview. Failed attempts are limited per
 * client IP so credentials cannot be guessed.
 */
export function authentication(deps: {
  upstreams: Upstreams;
  cache: PrincipalCache;
  limits: RateLimits;
  requestTimeoutMs: number;
  logger: Logger;
  sessions: SessionCookieSettings;
}): RequestHandler {
  async function resolve(credential: Credential, deadline: Date): Promise<CachedPrincipal> {
    const options = { principal: GATEWAY_PRINCIPAL, deadline, idempotent: true };
    if (credential.kind === 'session') return resolveSessionPrincipal(deps.upstreams, credential.value, deadline);
    if (credential.kind === 'candidate_token') return resolveCandidatePrincipal(deps.upstreams, credential.value, deadline, credential.forTakeUpload);
    const key = await deps.upstreams.identity.call((c) => c.resolveApiKey, { api_key: credential.value }, options);
    return { keyUuid: key.key_uuid, principal: companyPrincipalOf(key) };
  }

  return async (req, res, next) => {
    const deadline = new Date(Date.now() + deps.requestTimeoutMs);
    const credential = credentialFrom(req, deps.sessions);
    if (credential === undefined) throw gatewayError(GatewayErrorCode.KeyNotSet);
    const ip = clientKeyOf(req);
    const purpose = credential.kind === 'candidate_token' && credential.forTakeUpload ? ':take_upload' : '';
    const fingerprint = PrincipalCache.fingerprint(`${credential.kind}${purpose}:${credential.value}`);
    const cached = deps.cache.get(fingerprint);
    // A known credential needs no resolving, so the IP's failure count and the request count are one command to
    // the limits store (decision 056): a blocked IP's request is not counted. An unknown credential is never
    // resolved for an IP that is blocked.
    if (cached) {
      const bucket = bucketOf(credential, cached);
      const admission = await deps.limits.admit(ip, bucket);
      if (admission.blocked) throw blockedRefusal(res, admission.blocked);
      if (credential.kind === 'session') {
        try {
          assertNotForged(req, deps.sessions, credential.value);
        } catch (refusal) {
          // A refused request costs its key nothing, as when the limits were asked one after the other.
          await deps.limits.refundRequest(bucket);
          throw refusal;
        }
      }
      admit(res, cached, admission.decision, deadline, credential);
      next();
      return;
    }
    refuseBlocked(res, await deps.limits.authBlocked(ip));
    if (credential.kind === 'api_key' && (!credential.value || !isPlausibleApiKey(credential.value))) {
      await deps.limits.recordAuthFailure(ip);
      throw sharedError(SharedErrorCode.KeyInvalid);
    }
    let resolved: CachedPrincipal;
    try {
      resolved = await resolve(credential, deadline);
      deps.cache.set(fingerprint, resolved);
    } catch (error) {
      if (error instanceof AppError && error.kind === ErrorKind.Unauthenticated) {
        await deps.limits.recordAuthFailure(ip);
        // A session that ended: the browser forgets the cookie with the 401.
        if (credential.kind === 'session') clearSessionCookie(res, deps.sessions);
      }
      throw error;
    }
    if (credential.kind === 'session') assertNotForged(req, deps.sessions, credential.value);
    admit(res, resolved, await deps.limits.consumeRequest(bucketOf(credential, resolved)), deadline, credential);
    next();
  };
}

/** Refuses every request of an IP that failed authentication too often, whatever its credential. */
function refuseBlocked(res: Response, blocked: RateDecision | null): void {
  if (blocked) throw blockedRefusal(res, blocked);
}

/** The 429 of a blocked IP, its headers set and the refusal counted. */
function blockedRefusal(res: Response, blocked: RateDecision): Error {
  setRateHeaders(res, blocked);
  countRefusal('auth_failures');
  return gatewayError(GatewayErrorCode.TooManyRequests);
}

/** Sets the rate headers and the request's context, or refuses the request past its key's limit. */
function admit(res: Response, resolved: CachedPrincipal, decision: RateDecision, deadline: Date, credential: Credential): void {
  setRateHeaders(res, decision);
  if (!decision.allowed) {
    countRefusal('requests');
    throw gatewayError(GatewayErrorCode.TooManyRequests);
  }
  const context: RequestContext = {
    principal: resolved.principal,
    keyUuid: resolved.keyUuid,
    deadline,
    sessionId: credential.kind === 'session' ? credential.value : undefined,
  };
  res.locals.context = context;
}

/** A user's sessions share one bucket, so signing in again does not buy more requests. */
function bucketOf(credential: Credential, resolved: CachedPrincipal): string {
  return credential.kind === 'session' ? `session-user:${resolved.principal.userUuid}` : resolved.keyUuid;
}
