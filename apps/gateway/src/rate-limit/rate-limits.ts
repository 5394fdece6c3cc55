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
  return limiterWithMemory(points, keyPrefix, redis).limiter;
}

function limiterWithMemory(points: number, keyPrefix: string, redis: Redis | undefined): { limiter: RateLimiterAbstract; memory: RateLimiterMemory } {
  const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
  if (!redis) return { limiter: memory, memory };
  // Redis is the shared counter; if it is unreachable each replica falls back
  // to its own memory counter (fail open per replica, never fail closed).
  return { limiter: new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix, insuranceLimiter: memory }), memory };
}

/**
 * The failure check and the request count of a known credential in one Redis command (decision 056): the IP's
 * failure count (rate-limiter-flexible's key and value) and, unless it is blocked, one point of the key counted
 * exactly as rate-limiter-flexible's own script counts it (set with its expiry if new, add, read the expiry).
 * A blocked IP's request counts nothing against its key. Answers {1, consumed, ttl ms} or {0, failures, ttl ms}.
 */
const ADMIT_SCRIPT = `local failures = tonumber(redis.call('get', KEYS[1]))
if failures and failures >= tonumber(ARGV[3]) then
  return {0, failures, redis.call('pttl', KEYS[1])}
end
redis.call('set', KEYS[2], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('incrby', KEYS[2], ARGV[1])
local ttl = redis.call('pttl', KEYS[2])
if ttl == -1 then
  redis.call('expire', KEYS[2], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {1, consumed, ttl}`;

type AdmitCommand = (failuresKey: string, requestsKey: string, points: string, seconds: string, failureLimit: string) => Promise<[number, number, number]>;

/** A request of a known credential: refused for its IP's failures (nothing counted), or counted against its key. */
export type Admission = { blocked: RateDecision; decision?: undefined } | { blocked: null; decision: RateDecision };

function decisionFrom(consumed: number, msBeforeNext: number, limit: number, allowed: boolean): RateDecision {
  return { allowed, limit, remaining: Math.max(0, limit - consumed), resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/**
 * The gateway's limits, each over a one-minute window: requests per API key (by key id, never the raw key), failed
 * authentications per client IP, and applications through open interviews per client IP and per open interview.
 */
export class RateLimits {
  private readonly perKey: RateLimiterAbstract;
  private readonly authFailures: RateLimiterAbstract;
  private readonly memory: { perKey: RateLimiterMemory; authFailures: RateLimiterMemory };
  private readonly admitCommand: AdmitCommand | undefined;
  private readonly keys: { perKey: string; authFailures: string };
  private readonly applications: { perClient: RateLimiterAbstract; perOpenInterview: RateLimiterAbstract };
  private readonly liveJoins = new Map<number, RateLimiterAbstract>();

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
    const perKey = limiterWithMemory(options.perMinute, `${prefix}:key`, options.redis);
    const authFailures = limiterWithMemory(options.authFailuresPerMinute, `${prefix}:authfail`, options.redis);
    this.perKey = perKey.limiter;
    this.authFailures = authFailures.limiter;
    this.memory = { perKey: perKey.memory, authFailures: authFailures.memory };
    this.keys = { perKey: `${prefix}:key:`, authFailures: `${prefix}:authfail:` };
    const redis = options.redis;
    if (redis) {
      if (!('viRateAdmit' in redis)) redis.defineCommand('viRateAdmit', { numberOfKeys: 2, lua: ADMIT_SCRIPT });
      const command = (redis as unknown as { viRateAdmit: AdmitCommand }).viRateAdmit;
      this.admitCommand = (...args) => command.apply(redis, args);
    }
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

  /** Counts one join of a live call by a person (user uuid), across replicas: at most `perMinute` (decision 039). */
  async consumeLiveJoin(personUuid: string, perMinute: number): Promise<RateDecision> {
    let which = this.liveJoins.get(perMinute);
    if (!which) this.liveJoins.set(perMinute, (which = limiter(perMinute, `${this.options.keyPrefix ?? 'rl'}:live-join`, this.options.redis)));
    return consume(which, personUuid, perMinute);
  }

  /**
   * A request whose credential is known: the IP's failed authentications (as `authBlocked`), then, unless they
   * block it, one request of `keyId` (as `consumeRequest`), in one round trip to Redis. Without Redis, or when it
   * fails, each replica's memory counters answer (fail open per replica).
   */
  async admit(ip: string, keyId: string): Promise<Admission> {
    const failureLimit = this.options.authFailuresPerMinute;
    if (this.admitCommand) {
      try {
        const [counted, consumed, ttl] = await this.admitCommand(
          this.keys.authFailures + ip,
          this.keys.perKey + keyId,
          '1',
          String(WINDOW_SECONDS),
          String(failureLimit),
        );
        if (counted === 0) return { blocked: decisionFrom(consumed, ttl, failureLimit, false) };
        const limit = this.options.perMinute;
        return { blocked: null, decision: decisionFrom(consumed, ttl, limit, consumed <= limit) };
      } catch {
        // Redis unreachable or failing: this replica's memory counters, as rate-limiter-flexible's insurance does.
      }
    }
    const state = await this.memory.authFailures.get(ip);
    if (state && state.consumedPoints >= failureLimit) return { blocked: decisionOf(state, failureLimit, false) };
    return { blocked: null, decision: await consume(this.memory.perKey, keyId, this.options.perMinute) };
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
