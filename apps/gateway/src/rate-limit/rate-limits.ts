import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const WINDOW_SECONDS = 60;

function decisionOf(result: RateLimiterRes, limit: number, allowed: boolean): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}

function limiter(points: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
  if (!redis) return memory;
  // Redis is the shared counter; if it is unreachable each replica falls back
  // to its own memory counter (fail open per replica, never fail closed).
  return new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix, insuranceLimiter: memory });
}

/**
 * The gateway's two limits: requests per API key (by key id, never the raw
 * key) and failed authentications per client IP, each over a one-minute window.
 */
export class RateLimits {
  private readonly perKey: RateLimiterAbstract;
  private readonly authFailures: RateLimiterAbstract;

  constructor(private readonly options: { perMinute: number; authFailuresPerMinute: number; redis?: Redis; keyPrefix?: string }) {
    const prefix = options.keyPrefix ?? 'rl';
    this.perKey = limiter(options.perMinute, `${prefix}:key`, options.redis);
    this.authFailures = limiter(options.authFailuresPerMinute, `${prefix}:authfail`, options.redis);
  }

  /** Counts one request of a key, atomically across replicas. */
  async consumeRequest(keyId: string): Promise<RateDecision> {
    try {
      return decisionOf(await this.perKey.consume(keyId), this.options.perMinute, true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decisionOf(rejection, this.options.perMinute, false);
      throw rejection;
    }
  }

  /** Gives back the request counted by `consumeRequest` for a request refused for another reason. */
  async refundRequest(keyId: string): Promise<void> {
    await this.perKey.reward(keyId, 1);
  }

  /** Whether this IP has failed authentication too often; it does not count anything. */
  async authBlocked(ip: string): Promise<RateDecision | null> {
    const state = await this.authFailures.get(ip);
    if (!state || state.consumedPoints < this.options.authFailuresPerMinute) return null;
    return decisionOf(state, this.options.authFailuresPerMinute, false);
  }

  async recordAuthFailure(ip: string): Promise<void> {
    await this.authFailures.penalty(ip, 1);
  }
}
