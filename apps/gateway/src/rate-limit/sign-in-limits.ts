import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { countRefusal } from './rate-limit-metrics';
import type { RateDecision } from './rate-limits';

export interface SignInLimitSettings {
  /** Forgot-password requests per email address per window (failed sign-ins per account are identity's: decision 034). */
  perAccount: number;
  /** Failed sign-ins and forgot-password requests per client (an IPv4 address, an IPv6 /64) per window. */
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimitSettings = { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 };

function limiter(points: number, duration: number, keyPrefix: string, redis: Redis | undefined): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  return redis ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory }) : memory;
}

/**
 * Guessing passwords and flooding inboxes, limited per client and, for forgot-password, per address, over a
 * 15-minute window shared by every replica through Redis (decisions 026, 035). An attempt is counted when it
 * arrives, before any password is hashed, so a parallel burst stops at the limit: a sign-in takes one of its
 * client's attempts and gives it back unless the password was wrong. Addresses are keyed by a hash of the
 * lower-cased email whether or not it exists.
 */
export class SignInLimits {
  private readonly addresses: RateLimiterAbstract;
  private readonly clients: RateLimiterAbstract;

  constructor(
    private readonly settings: SignInLimitSettings,
    options: { redis?: Redis; keyPrefix?: string } = {},
  ) {
    const prefix = options.keyPrefix ?? 'rl';
    this.addresses = limiter(settings.perAccount, settings.windowSeconds, `${prefix}:signin-account`, options.redis);
    this.clients = limiter(settings.perIp, settings.windowSeconds, `${prefix}:signin-ip`, options.redis);
  }

  private static address(email: string): string {
    return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  }

  /** Takes one attempt of the client's (its key: `clientKeyOf`); the 429 decision when none was left, null to go ahead. */
  async reserveSignIn(client: string): Promise<RateDecision | null> {
    return this.take(this.clients, client, this.settings.perIp, 'sign_in_ip');
  }

  /** A sign-in that was not a wrong password (it succeeded, or was refused for another reason) gives its attempt back. */
  async releaseSignIn(client: string): Promise<void> {
    await this.clients.reward(client, 1);
  }

  /** Every forgot-password request counts against its address and its client, and is never given back. */
  async reservePasswordReset(email: string, client: string): Promise<RateDecision | null> {
    return (
      (await this.take(this.addresses, SignInLimits.address(email), this.settings.perAccount, 'sign_in_account')) ??
      (await this.take(this.clients, client, this.settings.perIp, 'sign_in_ip'))
    );
  }

  private async take(limiter: RateLimiterAbstract, key: string, limit: number, name: 'sign_in_account' | 'sign_in_ip'): Promise<RateDecision | null> {
    try {
      await limiter.consume(key, 1);
      return null;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      countRefusal(name);
      return { allowed: false, limit, remaining: 0, resetSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }
}
