import type { Request, RequestHandler, Response } from 'express';
import { isPlausibleApiKey } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import type { RateDecision, RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { PrincipalCache } from './principal-cache';
import type { RequestContext } from './request-context';

const GATEWAY = { kind: 'service', service: 'gateway' } as const;

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

/**
 * Basic-auth API key → principal (cached briefly, revocations drop entries),
 * then the per-key rate limit. Failed attempts are limited per client IP so
 * keys cannot be guessed.
 */
export function apiKeyAuthentication(deps: {
  upstreams: Upstreams;
  cache: PrincipalCache;
  limits: RateLimits;
  requestTimeoutMs: number;
  logger: Logger;
}): RequestHandler {
  return async (req, res, next) => {
    const deadline = new Date(Date.now() + deps.requestTimeoutMs);
    const apiKey = apiKeyFrom(req);
    if (apiKey === undefined) throw gatewayError(GatewayErrorCode.KeyNotSet);
    const ip = req.ip ?? 'unknown';
    const blocked = await deps.limits.authBlocked(ip);
    if (blocked) {
      setRateHeaders(res, blocked);
      throw gatewayError(GatewayErrorCode.TooManyRequests);
    }
    if (!apiKey || !isPlausibleApiKey(apiKey)) {
      await deps.limits.recordAuthFailure(ip);
      throw gatewayError(GatewayErrorCode.KeyInvalid);
    }
    const fingerprint = PrincipalCache.fingerprint(apiKey);
    let resolved = deps.cache.get(fingerprint);
    if (!resolved) {
      try {
        const key = await deps.upstreams.identity.call((c) => c.resolveApiKey, { api_key: apiKey }, { principal: GATEWAY, deadline, idempotent: true });
        resolved = {
          keyUuid: key.key_uuid,
          principal: {
            kind: 'user',
            userUuid: key.user_uuid,
            companyUuid: key.company_uuid ?? null,
            role: (key.role as 'administrator' | 'standard' | undefined) ?? null,
            userType: key.user_type as 'company_user' | 'job_seeker',
          },
        };
        deps.cache.set(fingerprint, resolved);
      } catch (error) {
        if (error instanceof AppError && error.kind === ErrorKind.Unauthenticated) await deps.limits.recordAuthFailure(ip);
        throw error;
      }
    }
    const decision = await deps.limits.consumeRequest(resolved.keyUuid);
    setRateHeaders(res, decision);
    if (!decision.allowed) throw gatewayError(GatewayErrorCode.TooManyRequests);
    const context: RequestContext = { principal: resolved.principal, keyUuid: resolved.keyUuid, deadline };
    res.locals.context = context;
    next();
  };
}
