import type { RequestHandler } from 'express';
import { setRateHeaders } from '../auth/authentication';
import { clientKeyOf } from './client-key';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { countRefusal, type RateLimitName } from './rate-limit-metrics';
import type { RateLimits } from './rate-limits';

/**
 * The public paths' limit (no key to count against): each client (an IPv4 address, an IPv6 /64: `clientKey`), with the per-key limit, in a key space of the
 * path's own (`share-ip:`, `open-ip:`), so one public side never spends another's allowance.
 */
export function perIpLimit(limits: RateLimits, keySpace: string, refusal: RateLimitName): RequestHandler {
  return async (req, res, next) => {
    const decision = await limits.consumeRequest(`${keySpace}:${clientKeyOf(req)}`);
    setRateHeaders(res, decision);
    if (!decision.allowed) {
      countRefusal(refusal);
      throw gatewayError(GatewayErrorCode.TooManyRequests);
    }
    next();
  };
}
