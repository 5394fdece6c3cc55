import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { countRefusal } from './rate-limit-metrics';
import type { RateDecision } from './rate-limits';

export interface SignInLimitSettings {
  /** Failed sign-ins (and forgot-password requests) per account email per window. */
  perAccount: number;
  /** The same, per client IP. */
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 };

function limiter(points: number, duration: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  return redis ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory }) : memory;
}

/**
 * Guessing passwords, limited: failures are counted per account and per client IP over a 15-minute window, shared
 * by every replica through Redis. Accounts are keyed by a hash of the lower-cased email whether or not it exists,
 * so a blocked unknown address answers exactly like a blocked real one. A successful sign-in clears its account.
 */
export class SignInLimits {
  private readonly accounts: RateLimiterAbstract;
  private readonly ips: RateLimiterAbstract;

  constructor(
    private readonly settings: SignInLimitSettings,
    options: { redis?: Redis; keyPrefix?: string } = {},
  ) {
    const prefix = options.keyPrefix ?? 'rl';
    this.accounts = limiter(settings.perAccount, settings.windowSeconds, `${prefix}:signin-account`, options.redis);
    this.ips = limiter(settings.perIp, settings.windowSeconds, `${prefix}:signin-ip`, options.redis);
  }

  private static account(email: string): string {
    return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  }

  /** A 429 decision when either the account or the IP has used its failures; null to go ahead. */
  async blocked(email: string, ip: string): Promise<RateDecision | null> {
    const [account, address] = await Promise.all([this.accounts.get(SignInLimits.account(email)), this.ips.get(ip)]);
    const over = [
      { state: account, limit: this.settings.perAccount, name: 'sign_in_account' as const },
      { state: address, limit: this.settings.perIp, name: 'sign_in_ip' as const },
    ].filter((c) => c.state && c.state.consumedPoints >= c.limit);
    if (over.length === 0) return null;
    countRefusal(over[0].name);
    const wait = Math.max(...over.map((c) => c.state!.msBeforeNext));
    return { allowed: false, limit: over[0].limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.accounts.penalty(SignInLimits.account(email), 1), this.ips.penalty(ip, 1)]);
  }

  async clearAccount(email: string): Promise<void> {
    await this.accounts.delete(SignInLimits.account(email));
  }
}
