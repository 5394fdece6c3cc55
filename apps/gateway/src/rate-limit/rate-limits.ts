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

/** Counts one point of `key`; a refusal is a decision, not an error. */
async function consume(which: RateLimiterAbstract, key: string, limit: number): Promise<RateDecision> {
  try {
    return decisionOf(await which.consume(key), limit, true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return decisionOf(rejection, limit, false);
    throw rejection;
  }
}

function limiter(points: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
  if (!redis) return memory;
  // Redis is the shared counter; if it is unreachable each replica falls back
  // to its own memory counter (fail open per replica, never fail closed).
  return new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix, insuranceLimiter: memory });
}

/**
 * The gateway's limits, each over a one-minute window: requests per API key (by key id, never the raw key), failed
 * authentications per client IP, and applications through open interviews per client IP and per open interview.
 */
export class RateLimits {
  private readonly perKey: RateLimiterAbstract;
  private readonly authFailures: RateLimiterAbstract;
  private readonly applications: { perClient: RateLimiterAbstract; perOpenInterview: RateLimiterAbstract };

  constructor(
    private readonly options: {
      perMinute: number;
      authFailuresPerMinute: number;
      applicationsPerClient?: number;
      applicationsPerOpenInterview?: number;
      redis?: Redis;
      keyPrefix?: string;
    },
  ) {
    const prefix = options.keyPrefix ?? 'rl';
    this.perKey = limiter(options.perMinute, `${prefix}:key`, options.redis);
    this.authFailures = limiter(options.authFailuresPerMinute, `${prefix}:authfail`, options.redis);
    this.applications = {
      perClient: limiter(options.applicationsPerClient ?? 5, `${prefix}:apply-ip`, options.redis),
      perOpenInterview: limiter(options.applicationsPerOpenInterview ?? 60, `${prefix}:apply-link`, options.redis),
    };
  }

  /** Counts one application through an open interview (decision 045): refused when its client or its link has applied too often. */
  async consumeApplication(ip: string, openInterviewUuid: string): Promise<RateDecision> {
    const client = await consume(this.applications.perClient, ip, this.options.applicationsPerClient ?? 5);
    if (!client.allowed) return client;
    return consume(this.applications.perOpenInterview, openInterviewUuid, this.options.applicationsPerOpenInterview ?? 60);
  }

  /** Counts one request of a key, atomically across replicas. */
  async consumeRequest(keyId: string): Promise<RateDecision> {
    return consume(this.perKey, keyId, this.options.perMinute);
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
